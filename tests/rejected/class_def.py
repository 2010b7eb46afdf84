x = 1
class Point:
    pass
print(x)
