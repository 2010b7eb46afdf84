# Sets in reference cycles: the collector must traverse and clear them
# (the corpus runs with --check-leaks, which fails on anything left).

class Node:
    def __init__(self, name):
        self.name = name
        self.peers = set()

    def __hash__(self):
        return hash(self.name)

    def __eq__(self, other):
        return isinstance(other, Node) and self.name == other.name

    def __repr__(self):
        return "Node(%s)" % self.name

# A graph whose nodes hold sets of each other.
nodes = [Node(n) for n in "abcde"]
for i, n in enumerate(nodes):
    n.peers.add(nodes[(i + 1) % 5])
    n.peers.add(nodes[(i + 2) % 5])
print([sorted(p.name for p in n.peers) for n in nodes])
del nodes, n

# A set holding an instance that holds the set.
box = Node("box")
s = {box, 1, 2}
box.owner = s
print(len(s), box in s, Node("box") in s)
del box, s

# The set reached only through an exception's arguments: only clearing
# the set breaks this cycle.
s = set()
e = ValueError(s)
s.add(e)
f = frozenset([KeyError("k")])
for k in f:
    k.args = (f,)
print(len(s), len(f))
del s, e, f, k

# A set holding its own iterator, and a frozenset in a cycle through a
# class attribute.
s = {1, 2, 3}
it = iter(s)
next(it)
s.add(it)
print(len(s))
del s, it

class Registry:
    pass
Registry.members = frozenset([Registry, "x"])
print(len(Registry.members))

# Many cycles, enough for the collector to run while the program does.
for round in range(3):
    keep = []
    for i in range(12000):
        n = Node(i)
        n.peers.add(n)
        if i % 4000 == 0:
            keep.append(n)
    print(round, [len(k.peers) for k in keep])
del keep, n
