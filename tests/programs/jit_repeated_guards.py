# A method reads attributes of `self` several times; compiled code checks
# `self`'s class version once per block while nothing in between can run
# Python code, and again after anything that can: a __bool__ that gives
# the class a property, a __class__ assignment, a call that edits the
# class, a __eq__ run by a comparison.
class Flag:
    def __bool__(self):
        P.y = property(lambda self: "property y")
        return True


class P:
    def __init__(self, f):
        self.f = f
        self.y = "instance y"
        self.z = 1

    def read(self):
        a = self.y
        if self.f:
            return a, self.y, self.z
        return a, self.z, self.z


class Q(P):
    z = property(lambda self: "Q's z")


def swap(p):
    a = p.y
    p.__class__ = Q
    return a, p.z


def edit():
    P.z = property(lambda self: "P's z")


def calls(p):
    a = p.z
    edit()
    return a, p.z


class E:
    def __eq__(self, other):
        P.y = property(lambda self: "eq y")
        return True


def compares(p, e):
    a = p.y
    b = e == 1
    return a, b, p.y


def drive_read(n):
    out = []
    for k in range(n):
        out.append(P(0).read())
    return out


def drive_swap(n):
    out = []
    for k in range(n):
        out.append(swap(P(0)))
    return out


def drive_calls(n):
    out = []
    for k in range(n):
        out.append(calls(P(0)))
        del P.z
    return out


def drive_compares(n, e):
    r = None
    for k in range(n):
        r = compares(P(0), e)
    return r


out = drive_read(1500)
out.append(P(Flag()).read())
del P.y
out += drive_swap(1500)
print(out[0], out[1499], out[1500], out[1501], out[-1])
out = drive_calls(1500)
print(out[0], out[-1])
print(drive_compares(1500, 0), drive_compares(1, E()))
