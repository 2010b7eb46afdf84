# Classes and instances in reference cycles: the collector frees them
# (the runner checks for leaks at exit).
class Node:
    def __init__(self, value):
        self.value = value
        self.peer = None


def build(n):
    nodes = [Node(i) for i in range(n)]
    for i in range(n):
        nodes[i].peer = nodes[(i + 1) % n]
    return nodes[0].peer.value


total = 0
for round in range(300):
    total += build(50)
print(total)


def make_class(i):
    class Temp:
        def me(self):
            return Temp

    t = Temp()
    t.self_ref = t
    return t.me() is Temp


print(all([make_class(i) for i in range(200)]))


class Tree:
    def __init__(self, parent):
        self.parent = parent
        self.children = []
        if parent is not None:
            parent.children.append(self)


root = Tree(None)
for i in range(100):
    Tree(root if i < 10 else root.children[i % 10])
print(len(root.children))
