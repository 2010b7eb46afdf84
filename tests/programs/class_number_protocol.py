# __index__, __int__, __float__ and __format__ of Python classes, where
# CPython's built-ins use them.


class Three:
    def __index__(self):
        return 3

    def __int__(self):
        return 4

    def __float__(self):
        return 2.5

    def __format__(self, spec):
        return "Three<" + spec + ">"


t = Three()
print(bin(t), hex(t), oct(t), int(t), float(t))
print(list(range(t)), list(range(1, t)), [0] * t, t * [1], "ab" * t)
print((1, 2, 3, 4)[t], "abcd"[t], range(10)[t], [1, 2, 3, 4, 5][t:], "abcdef"[:t])
xs = [0, 1, 2, 3, 4]
xs[t] = "set"
del xs[Three()]
print(xs)
print(round(2.5678, t), f"{t}", f"{t:>8}", format(t, "x"))


class OnlyIndex:
    def __index__(self):
        return 7


o = OnlyIndex()
print(int(o), float(o), hex(o), [1] * 2)


class Bad:
    def __index__(self):
        return "seven"

    def __int__(self):
        return 1.5

    def __float__(self):
        return 1

    def __format__(self, spec):
        return 5


for f in (lambda: [1, 2][Bad()], lambda: int(Bad()), lambda: float(Bad()), lambda: format(Bad(), "")):
    try:
        f()
    except TypeError as e:
        print("TypeError:", e)


class NoIndex:
    pass


for f in (lambda: [1, 2][NoIndex()], lambda: hex(NoIndex()), lambda: range(NoIndex())):
    try:
        f()
    except TypeError as e:
        print("TypeError:", e)
print({Three(): 1}.get(3), {3: "dict keys are not converted"}.get(t))
