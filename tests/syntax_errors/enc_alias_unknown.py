# coding: latin-9
print("¤ ¦¨ ´¸ ¼½ ¾")
