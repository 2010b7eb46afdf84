# default parameters and keyword arguments at call sites
def greet(name, greeting="Hello", punct="!"):
    return greeting + ", " + name + punct
print(greet("Ann"))
print(greet("Bob", "Hi"))
print(greet("Cy", punct="?"))
print(greet(greeting="Yo", name="Di"))
print(greet("Ed", "Hey", "."))
print(greet(name="Flo", punct="...", greeting="Bye"))
def box(x, y=10, z=None):
    if z is None:
        z = []
    z.append(x + y)
    return z
print(box(1), box(1, 2), box(1, z=[0]), box(y=5, x=5))
def shared(x, acc=[]):
    acc.append(x)
    return acc
print(shared(1), shared(2), shared(3, []), shared(4))
DEFAULT = 5
def uses_default(a=DEFAULT):
    return a
DEFAULT = 99
print(uses_default(), uses_default(1))
def power(base, exp=2):
    return base ** exp
print(power(3), power(3, 3), power(exp=0, base=7), list(map(power, [1, 2, 3])))
def noargs():
    return "none"
print(noargs())
def many(a, b, c, d=4, e=5):
    return [a, b, c, d, e]
print(many(1, 2, 3), many(1, 2, 3, 40), many(1, 2, c=30, e=50), many(*[1, 2, 3]))
def none_default(v=None):
    return "missing" if v is None else v
print(none_default(), none_default(0), none_default(""))
