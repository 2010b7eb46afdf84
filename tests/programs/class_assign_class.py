# obj.__class__ = C: the instance keeps its attributes and takes the new
# class's methods; CPython's checks of the new class; warm attribute and
# method sites follow the change.


class Cat:
    sound = "meow"

    def __init__(self, name):
        self.name = name

    def speak(self):
        return f"{self.name} says {self.sound}"


class Dog:
    sound = "woof"

    def speak(self):
        return f"{self.name} barks {self.sound}"

    def fetch(self):
        return self.name + " fetches"


def talk(pets, n):
    out = []
    for _ in range(n):
        for p in pets:
            out.append(p.speak())
            p.age = len(out)
    return out[-len(pets):]


pets = [Cat("tom"), Cat("kit")]
print(talk(pets, 30))
pets[1].__class__ = Dog
print(talk(pets, 30), pets[1].fetch(), type(pets[1]).__name__, isinstance(pets[1], Cat))
print(sorted(pets[1].__dict__), pets[1].age)
pets[1].__class__ = Cat
print(talk(pets, 2))


class Base:
    def kind(self):
        return "base"


class Sub(Base):
    def kind(self):
        return "sub " + super().kind()


b = Base()
b.__class__ = Sub
print(b.kind(), [k.__name__ for k in type(b).__mro__])


class S1:
    __slots__ = ("a",)


class S2:
    __slots__ = ("a",)

    def get(self):
        return self.a


s = S1()
s.a = 5
s.__class__ = S2
print(s.get())


def local_class():
    class Gone:
        pass

    return Gone()


g = local_class()
g.__class__ = Cat
g.name = "stray"
print(g.speak())


class E(Exception):
    pass


for target, value in ((Cat("x"), 1), (Cat("x"), int), (Cat("x"), S1), (E(), Cat), (S1(), S2)):
    try:
        target.__class__ = value
        print("assigned", type(target).__name__)
    except TypeError as e:
        print("TypeError:", e)
try:
    del pets[0].__class__
except TypeError as e:
    print("TypeError:", e)
