# conditional expressions
for n in range(-2, 3):
    print("pos" if n > 0 else "zero" if n == 0 else "neg")
x = 10
y = x * 2 if x > 5 else x / 2
print(y)
print([("even" if i % 2 == 0 else "odd") for i in range(4)])
def sign(v):
    return 1 if v > 0 else (-1 if v < 0 else 0)
print(sign(5), sign(-5), sign(0), sign(-0.0))
calls = []
def mark(v):
    calls.append(v)
    return v
r = mark("yes") if True else mark("no")
print(r, calls)
print((1 if [] else 2) + (3 if "s" else 4))
f = (lambda a: a) if x else (lambda a: -a)
print(f(3))
print(None if x is None else "set", "none" if None is None else "x")
