# __class_getitem__: C[key] on a class (an implicit classmethod), inherited,
# and the errors for classes and instances without it.


class Box:
    def __class_getitem__(cls, item):
        return f"{cls.__name__}[{item!r}]"


class IntBox(Box):
    pass


print(Box[int], Box["x"], Box[1, 2], IntBox[None])
print(type(Box.__dict__["__class_getitem__"]).__name__)


class Explicit:
    @classmethod
    def __class_getitem__(cls, item):
        return (cls.__name__, item)


print(Explicit[3])


class Plain:
    def __getitem__(self, i):
        return i * 2


print(Plain()[4])
for thing in (Plain, int, Box()):
    try:
        thing[0]
    except TypeError as e:
        print("TypeError:", e)

Plain[1]
