# On-stack replacement of a loop that calls a function held in a local
# (`f = module.func` before the loop, as real code spells it): the code
# made for the running call takes the local to be that function, checked
# when it is entered. Covers the local rebound inside the loop, a later
# call with another function in it, and builtins and classes in locals.
import math


def double(x):
    return x * 2


def triple(x):
    return x * 3


def run(n, f):
    t = 0
    g = f
    for i in range(n):
        t += g(i)
        if i == n - 3:
            g = triple
    return t


def roots(n):
    sq = math.sqrt
    s = 0.0
    for i in range(n):
        s += sq(i)
    return s


class P:
    def __init__(self, v):
        self.v = v


def make(n):
    cls = P
    t = 0
    for i in range(n):
        t += cls(i).v
    return t


print(run(5000, double))
print(run(5000, triple))
print(run(4000, double))
print(f"{roots(5000):.6f}")
print(make(5000))
