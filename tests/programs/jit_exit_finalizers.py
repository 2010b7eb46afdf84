# A generator left suspended in a global is closed when the program
# ends, and its `finally` still prints, also when compiled code holds
# the module's globals (spin's guards compare with them).


def tracked(name):
    try:
        yield 1
    finally:
        print("cleanup", name)


def spin(n):
    t = 0
    for i in range(n):
        t += i
    return t


for _ in range(30):
    spin(300)
print(spin(1000))
g = tracked("at exit")
print(next(g))
