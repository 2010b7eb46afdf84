# coding: rot13
print(1)
