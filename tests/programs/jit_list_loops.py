# Loops over lists in compiled code: the iterator is kept as the list and
# an index, and made a real list_iterator wherever the interpreter takes
# over (a type change in the body, an exception, a callee that leaves its
# compiled code); appends and removals during the loop, break, return,
# for-else, a list being sorted, and a tuple where lists were seen.
def total(xs):
    s = 0
    for x in xs:
        s += x
    return s


def grow(xs):
    seen = []
    for x in xs:
        seen.append(x)
        if x < 3:
            xs.append(x + 10)
    return seen


def shrink(xs):
    seen = []
    for x in xs:
        seen.append(x)
        if xs:
            xs.pop()
    return seen


def first_big(xs, limit):
    for x in xs:
        if x > limit:
            return x
    return None


def first_even(xs):
    found = None
    for x in xs:
        if x % 2 == 0:
            found = x
            break
    else:
        found = -1
    return found


def fresh(n):
    out = 0
    for x in list(range(n)):
        out += x
    return out


def nested(xs):
    n = 0
    for a in xs:
        for b in xs:
            if a < b:
                n += 1
    return n


def rebinding(xs):
    out = []
    for x in xs:
        out.append(x)
        xs = [100]
    return out, xs


for k in range(400):
    t = total([1, 2, 3, k])
    g = grow([5, 1, 2])
    sh = shrink([1, 2, 3, 4, 5, 6])
    fb = first_big([1, 5, 9, k], 4), first_big([1, 2], 4)
    fe = first_even([1, 3, 4, 5]), first_even([1, 3])
    fr = fresh(10)
    ne = nested([3, 1, 2])
    rb = rebinding([1, 2, 3])
print(t, g, sh, fb, fe, fr, ne, rb)

# The body meets a float, then a str, where it saw ints: the loop goes on
# in the interpreter from the right item.
print(total([1, 2, 3.5, 4]))
try:
    total([1, 2, "x", 4])
except TypeError as e:
    print("TypeError:", e)
print(total((1, 2, 3)), total(range(5)), total({1: 0, 2: 0}))


class Odd(Exception):
    pass


def check(xs):
    out = []
    for x in xs:
        if x % 2:
            raise Odd(x)
        out.append(x)
    return out


def guarded(xs):
    try:
        return check(xs)
    except Odd as e:
        return "odd %d" % e.args[0]


for k in range(400):
    r = guarded([2, 4, 6]), guarded([2, 3, 4])
print(r)


def half(x):
    return x / 2


def halves(xs):
    out = []
    for x in xs:
        out.append(half(x))
    return out


for k in range(400):
    h = halves([2, 4])
print(h, halves([2, 2 ** 70, 8]))

lst = [[3, 1], [1, 2], [2, 3]]


def key(x):
    n = 0
    for y in lst:
        n += 1
    return (n, x)


for k in range(3):
    lst.sort(key=key)
print(lst)
