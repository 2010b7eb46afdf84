# Methods of built-in types called from compiled loops: list.append is one
# helper behind a type guard on the receiver; other methods are calls of
# the method object. The guard's failure (another type at the site) leaves
# the compiled code, and the interpreter runs the call as usual.


def squares(n):
    out = []
    for i in range(n):
        out.append(i * i)
    return out


r = squares(3000)
print(len(r), r[:4], r[-1], sum(r))


def mixed(n):
    out = []
    for i in range(n):
        out.append(None)
        out.append("s")
        out.append(out)
    return out


m = mixed(1500)
print(len(m), m[0], m[1], m[2] is m, m[-1] is m)


def into(target, n):
    for i in range(n):
        target.append(i)
    return len(target)


print(into([], 2000))
shared = [1, 2]
print(into(shared, 3), shared)
try:
    into("not a list", 2)
except AttributeError as e:
    print("AttributeError:", e)
try:
    into((1, 2), 2)
except AttributeError as e:
    print("AttributeError:", e)
print(into([], 2500))


def rebind(n):
    # The local is rebound to a new list now and then: each append goes
    # to the list it holds at that moment.
    out = []
    lists = [out]
    for i in range(n):
        if i % 500 == 499:
            out = []
            lists.append(out)
        out.append(i)
    return [len(x) for x in lists], lists[-1][:3]


print(rebind(2000))


def counts(words, n):
    seen = {}
    total = 0
    for i in range(n):
        w = words[i % 4]
        total += seen.get(w, 0)
        seen[w] = i
    return total, sorted(seen.items())


print(counts(["a", "b", "c", "d"], 3000))


def joined(parts, n):
    out = []
    for i in range(n):
        out.append(parts[i % 3].upper())
    return "".join(out)[:12], len(out)


print(joined(["x", "y", "z"], 3000))


def pops(n):
    stack = []
    total = 0
    for i in range(n):
        stack.append(i)
        if i % 3 == 2:
            total += stack.pop()
    return total, len(stack)


print(pops(3000))


def raises(n):
    out = []
    caught = 0
    for i in range(n):
        try:
            out.append(out.index(-1))
        except ValueError:
            caught += 1
    return caught, len(out)


print(raises(2000))


# str(x) in a compiled loop is one helper: ints (small, negative, big),
# floats, None, containers, instances with __str__, and a __str__ that
# raises inside a try.
class Named:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        if self.name == "bad":
            raise ValueError("no name")
        return "<" + self.name + ">"


def texts(values, n):
    out = []
    errors = 0
    for i in range(n):
        try:
            out.append(str(values[i % len(values)]))
        except ValueError:
            errors += 1
    return "|".join(out[: len(values)]), len(out), errors


print(texts([0, 7, -12, 10, 2**70, 1.5, None, [1, "a"], Named("x")], 2000))
print(texts([Named("bad"), 3], 2000))


def digits(n):
    total = 0
    for i in range(n):
        total += len(str(i - 500))
    return total


print(digits(3000))


# len(x) of a local is one helper whose result stays an unboxed int:
# sequences, dicts, an instance's __len__, a __len__ that returns a
# negative number, and a type without len().
def walk(xs):
    i = 0
    total = 0
    while i < len(xs):
        total += xs[i]
        i += 1
    return total


print(walk(list(range(3000))))


def lens(items, n):
    t = 0
    for i in range(n):
        t += len(items)
    return t


print(lens("abc", 3000), lens({1: 2}, 10), lens((1, 2), 10), lens(b"xy", 10))
try:
    print(lens(5, 10))
except TypeError as e:
    print("TypeError:", e)


class Sized:
    def __len__(self):
        return 4


class Negative:
    def __len__(self):
        return -1


print(lens(Sized(), 3000))
try:
    lens(Negative(), 3)
except ValueError as e:
    print("ValueError:", e)
