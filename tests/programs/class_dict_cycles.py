# Cycles through instance dicts, whether or not the program ever took
# `obj.__dict__` (the collector reaches an instance's dict through the
# instance until the dict is handed out); the corpus checks for leaks.
class A:
    pass


kept = []
for i in range(200):
    a = A()
    a.me = a
    b = A()
    d = b.__dict__
    d["d"] = d
    d["b"] = b
    c = A()
    c.__dict__["x"] = [c, i]
    e = A()
    e.peer = A()
    e.peer.peer = e
    if i % 50 == 0:
        kept.append(c)
del a, b, c, d, e
print([k.x[1] for k in kept])
print(sorted(kept[0].__dict__))
