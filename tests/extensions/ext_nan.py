# A NaN made by C code (a typed double result, PyFloat_FromDouble) is a new
# object, and one handed to C and back keeps no identity it did not have.
import fastmath

x = float('nan')
a = fastmath.sqrt(x)
b = fastmath.sqrt(x)
print(a is x, a is b, a is a, [a] == [a], [a] == [b], [a] == [x])
h = fastmath.hypot(x, 1.0)
print(h is x, [h] == [h], h in [x, a, b], h in [x, h])
f = fastmath.fma(x, 1.0, 0.0)
print(f is x, f is h, [f] == [f])
made = []
for i in range(5):
    made.append(fastmath.sqrt(x))
    made.append(fastmath.hypot(1.0, x))
print(len(made), len([1 for p in made for q in made if p is q]))
d = {a: 1, b: 2, h: 3}
print(len(d), d[a], d[b], d[h], x in d)
