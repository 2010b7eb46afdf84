# A compiled loop calls a method on instances, some of which have a
# __dict__ of their own (made by reading it, or by an attribute the class's
# other instances do not have): the method is still the class's unless
# the instance's dict holds its name, then the instance's value wins.
class A:
    def __init__(self, k):
        self.k = k

    def m(self):
        return self.k


def total(objs):
    t = 0
    for o in objs:
        t += o.m()
    return t


objs = [A(i) for i in range(40)]
for _ in range(200):
    total(objs)
print(total(objs))
print(len(objs[3].__dict__))
print(total(objs))
objs[4].extra = 7
print(total(objs))
objs[5].m = lambda: 1000
print(total(objs))
del objs[5].m
print(total(objs))
for _ in range(200):
    total(objs)
objs[6].__dict__["m"] = lambda: -100
print(total(objs))
