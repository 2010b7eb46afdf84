# if / elif / else, truthiness of values
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    elif n < 100:
        return "medium"
    else:
        return "large"
for n in [-5, 0, 3, 42, 1000]:
    print(n, classify(n))
values = [0, 1, -1, 0.0, 0.5, -0.0, "", "a", " ", [], [0], (), (None,), {}, {0: 0}, None, True, False,
          2 ** 100, float("nan")]
for v in values:
    if v:
        print(repr(v), "truthy")
    else:
        print(repr(v), "falsy")
x = 7
if x > 5:
    if x > 6:
        print("x > 6")
    else:
        print("5 < x <= 6")
if x == 1: print("one")
elif x == 7: print("seven")
if not x: pass
else: print("non-zero")
if x % 2 == 0:
    print("even")
print("odd" if x % 2 else "even")
