# and/or short-circuit and return operands; not
print(1 and 2, 0 and 2, 1 or 2, 0 or 2, "" or "default", "x" and "y", None or 0, [] and "never")
print(0 or "" or None, 1 and 2 and 3, 1 and 0 and 3, 0 or 0.0 or [] or "last")
print(not 0, not 1, not "", not "a", not [], not None, not not 5, not (1 and 0))
calls = []
def t(label, val):
    calls.append(label)
    return val
r = t("a", 0) and t("b", 1)
print(r, calls)
calls = []
r = t("a", 1) or t("b", 1)
print(r, calls)
calls = []
r = t("a", 1) and t("b", 0) or t("c", "fallback")
print(r, calls)
calls = []
r = t("a", 0) or t("b", 0) or t("c", 0)
print(r, calls)
d = {}
val = d.get("k") or "computed"
print(val)
lst = [1, 2]
print(lst and lst[0], [] and [][0])
print(True and False or True, not True or False, not (True or False), True and not False)
x = 5
print(x > 3 and x < 10, x < 3 or x > 4, not x == 5, not x != 5)
print((1 or 2) + 10, (0 and 1) + 10, type(1 and 1.5).__name__)
