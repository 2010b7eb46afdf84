# Freeing data nested a million deep: each free releases the next level.
# Typhon frees deep chains without deep native recursion (and without
# leaking: the corpus runs this with --check-leaks).

N = 1000000

x = []
for _ in range(N):
    x = [x]
del x
print("list chain freed")

t = ()
for i in range(N):
    t = (i, t)
t = None
print("tuple cons list freed")

d = {}
for i in range(N):
    d = {"next": d, "i": i}
d = 0
print("dict chain freed")

# Mixed containers, freed by rebinding inside a function.


def build(n):
    node = None
    for i in range(n):
        node = [i, (node, {"i": i})]
    return node


def drop():
    node = build(N)
    node = None
    return "mixed chain freed"


print(drop())
