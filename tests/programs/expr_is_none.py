# identity with None/True/False and same objects
a = None
print(a is None, a is not None, None is None, True is True, False is not True, (1 == 1) is True)
def f():
    pass
print(f() is None, bool(None) is False, (not None) is True)
lst = [1, 2]
alias = lst
copy = lst[:]
print(lst is alias, lst is copy, lst == copy, lst is not copy)
d = {}
d2 = d
d2["x"] = 1
print(d is d2, d)
items = [None, 0, False, "", [], None]
print([x is None for x in items], [x == None for x in items].count(True))
print(isinstance(None, type(None)), type(None).__name__, repr(None), str(None))
t = (1, 2)
u = t
print(t is u, 1 if t is u else 0)
print(None == None, None != 0, None == False, None == "")
res = {"k": None}
print(res.get("k") is None, res.get("missing") is None, "k" in res)
