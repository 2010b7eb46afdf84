# KeyError and friends
d = {"a": 1}
try:
    print(d["missing"])
except KeyError as e:
    print("KeyError:", e, repr(e), e.args)
try:
    print(d[42])
except KeyError as e:
    print("KeyError:", e, repr(e))
try:
    print(d[(1, "x")])
except KeyError as e:
    print("KeyError:", e, repr(e), e.args)
try:
    print(d[""])
except KeyError as e:
    print("KeyError:", e)
try:
    print(d[None])
except KeyError as e:
    print("KeyError:", e)
try:
    d.pop("zzz")
except KeyError as e:
    print("KeyError:", e)
try:
    del d["nope"]
except KeyError as e:
    print("KeyError:", e)
try:
    d["b"] += 1
except KeyError as e:
    print("KeyError:", e)
try:
    d["it's"]
except KeyError as e:
    print("KeyError:", e)
try:
    print(d + d)
except TypeError as e:
    print("TypeError:", e)
try:
    print(d < d)
except TypeError as e:
    print("TypeError:", e)
try:
    dict([1, 2])
except TypeError as e:
    print("TypeError:", e)
try:
    dict([(1, 2, 3)])
except ValueError as e:
    print("ValueError:", e)
print(d)
