# Instances of Python classes in compiled code: attribute loads and stores
# behind a guard on the class's version tag, method calls made directly,
# `obj.attr += x` (COPY and SWAP), and what must send compiled code back
# to the interpreter: another class at the site, a class changed after
# compilation, an instance attribute shadowing a method, a method
# rebound on the class, attributes deleted or added in another order.


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm2(self):
        return self.x * self.x + self.y * self.y

    def shift(self, d):
        self.x += d
        self.y -= d
        return self


class Point3(Point):
    def __init__(self, x, y, z):
        Point.__init__(self, x, y)
        self.z = z

    def norm2(self):
        return self.x * self.x + self.y * self.y + self.z * self.z


class Counter:
    step = 1

    def __init__(self):
        self.n = 0
        self.log = []

    def bump(self):
        self.n += self.step
        return self.n


def total_norm(points, rounds):
    t = 0
    for _ in range(rounds):
        for p in points:
            t += p.norm2()
    return t


def walk(p, n):
    for i in range(n):
        p.shift(1)
        p.x = p.x + 0.5
    return p.x, p.y


def count(c, n):
    s = 0
    for _ in range(n):
        s += c.bump()
    return s


pts = [Point(i, i + 1) for i in range(10)]
print("norms", total_norm(pts, 300))
p = Point(0, 0)
print("walk", walk(p, 2000), p.x, p.y)

# Another class at the same sites: the guard fails, the interpreter runs it.
mixed = pts + [Point3(1, 2, 3)]
print("mixed norms", total_norm(mixed, 300))

# A class attribute changed after compilation: the version tag moves on.
c = Counter()
print("count", count(c, 1500))
Counter.step = 3
print("count after step=3", count(c, 1500), c.n)


# A method rebound on the class after compilation.
def other_norm2(self):
    return -1


print("before rebind", total_norm(pts, 200))
Point.norm2 = other_norm2
print("after rebind", total_norm(pts, 200))


# An instance attribute shadows the method for one instance only.
class Greeter:
    def hello(self):
        return 1


def greet_all(gs, n):
    t = 0
    for _ in range(n):
        for g in gs:
            t += g.hello()
    return t


gs = [Greeter() for _ in range(4)]
print("greet", greet_all(gs, 400))
gs[2].hello = lambda: 100
print("greet shadowed", greet_all(gs, 400))


# Attributes set in another order, deleted, and a missing attribute.
class Bag:
    def __init__(self, first):
        if first:
            self.a = 1
            self.b = 2
        else:
            self.b = 20
            self.a = 10


def sum_bags(bags, n):
    t = 0
    for _ in range(n):
        for b in bags:
            t += b.a + b.b
    return t


bags = [Bag(True) for _ in range(5)]
print("bags", sum_bags(bags, 300))
bags.append(Bag(False))
print("bags reordered", sum_bags(bags, 300))
del bags[0].a
try:
    sum_bags(bags, 10)
except AttributeError as e:
    print("AttributeError:", e)


# Values of every kind through attributes, and stores that replace them.
class Box:
    def __init__(self):
        self.v = None


def churn(b, n):
    out = []
    for i in range(n):
        if i % 4 == 0:
            b.v = i
        elif i % 4 == 1:
            b.v = float(i) / 2
        elif i % 4 == 2:
            b.v = str(i)
        else:
            b.v = [i]
        out.append(b.v)
    return out


r = churn(Box(), 2000)
print("churn", r[:8], r[-1])


# Chained attributes: the intermediate object is owned by its slot.
class Node:
    def __init__(self, val, nxt):
        self.val = val
        self.next = nxt


def chain_sum(head, n):
    t = 0
    for _ in range(n):
        node = head
        while node is not None:
            t += node.val
            node = node.next
        t += head.next.next.val
    return t


head = None
for i in range(5):
    head = Node(i, head)
print("chain", chain_sum(head, 500))


# Methods called on an operand, not a local.
class Vec:
    def __init__(self, x):
        self.x = x

    def double(self):
        return self.x * 2

    def me(self):
        return self


def owned_calls(v, n):
    t = 0
    for _ in range(n):
        t += v.me().me().double()
    return t


print("owned", owned_calls(Vec(21), 2000))


# A method site that saw several classes: the receiver's version tag
# picks the function, each called directly; a class the site did not
# see, or a method that takes a default, goes through the interpreter.
class Sq:
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s * self.s


class Rect:
    def __init__(self, w, h):
        self.w = w
        self.h = h

    def area(self):
        return self.w * self.h


class Tri(Rect):
    def area(self):
        return self.w * self.h // 2


class Odd:
    def area(self, k=3):
        return k


def areas(shapes, n):
    t = 0
    for _ in range(n):
        for s in shapes:
            t += s.area()
    return t


shapes = [Sq(2), Rect(2, 3), Tri(4, 5)]
print("areas", areas(shapes, 500))
print("areas with another class", areas(shapes + [Odd()], 500))


# A method that runs rarely (once per call here) is compiled with the
# rest and leaves for the interpreter when it runs.
class Rare:
    def __init__(self):
        self.n = 0

    def often(self, k):
        self.n += k
        if self.n % 1000 == 999:
            return self.rarely()
        return self.n

    def rarely(self):
        return -1


def drive(r, n):
    t = 0
    for i in range(n):
        t += r.often(i % 3)
    return t


print("drive", drive(Rare(), 5000))
