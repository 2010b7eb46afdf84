# A check of a local's class version carries across branches in compiled
# code (every path into a block checked it, and nothing since could
# rebind the local or change a class): the code must still see a class
# edited by a call, a `__class__` assigned in one branch, a local
# rebound in one branch, and a `__bool__` of a value tested between.
class A:
    def __init__(self, x):
        self.x = x
        self.y = x * 2
        self.flag = x % 3 != 0


class B(A):
    pass


class Weird:
    def __bool__(self):
        A.bonus = 100
        return True


def edit_class():
    A.y = "shadowed?"  # a class attribute: the instance's value wins
    A.bonus = 1


def walk(objs, n):
    t = 0
    for i in range(n):
        o = objs[i % len(objs)]
        if o.flag:
            t += o.x
        else:
            t += o.y
        if i == n // 2:
            edit_class()
        t += o.x + o.y + getattr(o, "bonus", 0)
    return t


def retype(objs, n):
    t = 0
    for i in range(n):
        o = objs[i % len(objs)]
        if o.x > 3:
            t += o.y
            if i == 7:
                o.__class__ = B
        else:
            o = A(i)
        t += o.x + type(o).__name__.count("B")
    return t


def tested(objs, marks, n):
    t = 0
    for i in range(n):
        o = objs[i % len(objs)]
        if o.flag:
            t += o.x
        m = marks[i % len(marks)]
        if m:
            t += o.y + getattr(o, "bonus", 0)
    return t


for _ in range(3):
    objs = [A(k) for k in range(1, 7)]
    print(walk(objs, 400))
    if hasattr(A, "bonus"):
        del A.bonus
    del A.y
print(retype([A(k) for k in range(1, 9)], 400))
print(tested([A(k) for k in range(1, 5)], [1, 0, True, None, 2], 300))
print(tested([A(k) for k in range(1, 5)], [1, 0, Weird(), None, 2], 300))
