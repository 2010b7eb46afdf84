x = 1
s = f"abc
