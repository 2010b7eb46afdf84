# del obj.attr and delattr() on instances, classes and modules.
import sys


class Shape:
    sides = 0

    def __init__(self):
        self.color = "red"
        self.size = 2


s = Shape()
del s.color
print(hasattr(s, "color"), s.__dict__)
delattr(s, "size")
print(s.__dict__)
s.sides = 4
print(s.sides, Shape.sides)
del s.sides
print(s.sides)
Shape.extra = 1
print(Shape().extra)
del Shape.extra
print(hasattr(Shape(), "extra"))
for target, name in [(s, "color"), (Shape, "extra"), (s, "sides")]:
    try:
        delattr(target, name)
    except AttributeError as e:
        print("AttributeError:", e)
try:
    del s.missing
except AttributeError as e:
    print("AttributeError:", e)
try:
    delattr(s)
except TypeError as e:
    print("TypeError:", e)
del s.size
