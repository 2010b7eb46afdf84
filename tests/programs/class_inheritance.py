# Single and multiple inheritance, C3 MRO, zero-argument super().
class Animal:
    kind = "animal"

    def __init__(self, name):
        self.name = name

    def speak(self):
        return self.name + " makes a sound"

    def describe(self):
        return self.name + " is a " + self.kind + ": " + self.speak()


class Dog(Animal):
    kind = "dog"

    def __init__(self, name, tricks):
        super().__init__(name)
        self.tricks = tricks

    def speak(self):
        return self.name + " barks"


class Puppy(Dog):
    def speak(self):
        return super().speak() + " softly"


p = Puppy("Rex", ["sit"])
print(p.describe(), p.tricks, p.kind)
print([c.__name__ for c in Puppy.__mro__])
print(isinstance(p, Animal), isinstance(p, Dog), isinstance(3, Animal))
print(issubclass(Puppy, Animal), issubclass(Animal, Puppy), issubclass(Dog, (int, Animal)))


class O:
    def f(self):
        return ["O"]


class A(O):
    def f(self):
        return ["A"] + super().f()


class B(O):
    def f(self):
        return ["B"] + super().f()


class C(A, B):
    def f(self):
        return ["C"] + super().f()


print(C().f(), [k.__name__ for k in C.__mro__])
print(C.__bases__)


class K1: pass
class K2: pass
class K3: pass
class Z(K1, K2): pass
class Y(K2, K3): pass
class W(Z, Y, K3): pass


print([k.__name__ for k in W.__mro__])

try:
    class Bad(A, O, B):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    class Bad2(O, A):
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    class Dup(A, A):
        pass
except TypeError as e:
    print("TypeError:", e)


# Class attributes seen through instances and subclasses, and shadowed.
class Counter:
    total = 0

    def bump(self):
        Counter.total += 1
        self.total = -1


c = Counter()
c.bump()
c.bump()
print(Counter.total, c.total, Counter().total)
Counter.total = 10
print(Counter().total)

# A method defined outside and attached later; a method called through the class.
def shout(self):
    return self.name.upper()


Animal.shout = shout
print(p.shout(), Animal.speak(p), Dog.speak(p))

# Bound methods.
m = p.speak
print(m(), m.__self__ is p, m.__func__ is Puppy.speak)
print(repr(Animal), repr(Puppy), str(Dog))

# super() with explicit arguments.
print(super(Puppy, p).speak(), super(Dog, p).speak())
