# the "as" name is unbound after the except block
e = "before"
try:
    raise ValueError("x")
except ValueError as e:
    print("inside:", e)
try:
    print(e)
except NameError as err:
    print("NameError:", err)
def f():
    try:
        1 / 0
    except ZeroDivisionError as exc:
        saved = exc
    return repr(saved)
print(f())
try:
    raise KeyError("a")
except KeyError as k:
    pass
print("ok")
try:
    print(k)
except NameError as err:
    print("NameError:", err)
