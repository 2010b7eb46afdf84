x = 1
class Meta(type):
    pass
class Point(metaclass=Meta):
    pass
print(x)
