# dict keys of various hashable types; equal numbers are the same key
d = {1: "int", 1.0: "float", True: "bool"}
print(d, len(d))
d2 = {True: "a", 1: "b"}
print(d2)
d3 = {0: "zero", False: "f", 0.0: "z", -0.0: "nz"}
print(d3)
mixed = {None: "none", (1, 2): "tuple", "s": "str", 2.5: "float", -7: "neg", (): "empty", ("a", (1,)): "nested"}
print(mixed)
print(mixed[None], mixed[(1, 2)], mixed[1, 2], mixed[()], mixed[("a", (1,))], mixed[2.5])
big = {2 ** 100: "big", -(2 ** 100): "negbig", 2 ** 63: "edge"}
print(big[2 ** 100], big[-(2 ** 100)], big[9223372036854775808])
print({2.0: "x"}[2], {2: "y"}[2.0])
nan = float("nan")
n = {nan: 1}
print(n[nan], len(n))
try:
    print({[1]: 2})
except TypeError as e:
    print("TypeError:", e)
try:
    print({}[[1, 2]])
except TypeError as e:
    print("TypeError:", e)
try:
    print({(1, [2]): 3})
except TypeError as e:
    print("TypeError:", e)
try:
    print({{}: 1})
except TypeError as e:
    print("TypeError:", e)
try:
    print([1] in {1: 1})
except TypeError as e:
    print("TypeError:", e)
