# Bound method equality and hashing (same __self__ by identity, equal
# __func__), for Python methods and built-in methods.
class M:
    def f(self):
        return 1

    def g(self):
        return 2


class E:
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__

    def f(self):
        return 3


m, n = M(), M()
print(m.f == m.f, m.f != m.f, m.f == m.g, m.f == n.f, m.f is m.f)
print(hash(m.f) == hash(m.f), len({m.f, m.f, m.g}))
e1, e2 = E(), E()
print(e1.f == e2.f, e1.f == e1.f)
d = {m.f: "mf"}
print(d[m.f], m.f in [m.f], m.f in {m.f})
l = [1]
print([].append == [].append, l.append == l.append, l.append == l.pop, l.append != l.append)
print(hash(l.append) == hash(l.append), len({l.append, l.append, l.pop}))
s = "abc"
print(s.upper == s.upper, s.upper == "xyz".upper)
print(len == len, len == abs, m.f == M.f, M.f == M.f)
print({l.append: 1}[l.append])
