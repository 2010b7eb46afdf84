# A set's table after keys come and go (dummies), keys of hash 0 and a
# class whose __hash__ returns -1 (stored as -2): the order and the
# searches are CPython's.
s = set()
for i in range(200):
    s.add(i % 17 - 8)
    s.add(0)
    s.discard((i * 7) % 13 - 6)
    if i % 5 == 0:
        s.discard(0)
print(sorted(s), list(s))
class H:
    def __init__(self, v): self.v = v
    def __hash__(self): return -1
    def __eq__(self, o): return isinstance(o, H) and o.v == self.v
t = {H(1), H(2), H(1)}
print(len(t), H(2) in t, H(3) in t)
t.discard(H(1)); print(len(t), H(1) in t, H(2) in t)
t.add(H(5)); print(len(t), hash(H(5)))
u = {0, 0.0, False, -1, -2}
print(u, 0 in u, -1 in u, -2 in u)
f = frozenset(range(-5, 5)); print(hash(f) == hash(frozenset(list(range(-5, 5)))), list(f))
p = set(range(10))
while p:
    x = p.pop()
print(x, p)
