# coding: latin9
print("€ Šš Žž Œœ Ÿ")
