# Generators resumed by `for` and `yield from` run in the frames of the
# run that resumes them; these are the cases where that must not show.


def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"


def relay(it):
    r = yield from it
    print("relay got", r)
    return r


# Partly consumed by `for`, then by next(), then by `for` again.
g = count(6)
for x in g:
    if x == 2:
        break
print("after break", next(g))
print("rest", [x for x in g])
print("exhausted", list(g), next(g, "default"))

# `yield from` chains, with return values passed up.
def outer():
    r = yield from relay(relay(count(3)))
    print("outer got", r)
    yield r

print(list(outer()))

# A handled exception stays handled across yields: a bare raise after the
# yield re-raises it.
def handler():
    try:
        raise KeyError("k")
    except KeyError:
        yield 1
        yield 2
        try:
            raise
        except KeyError as e:
            yield "re-raised " + repr(e)

for v in handler():
    print("handler", v)

# An exception in the generator reaches the loop, and the generator is done.
def failing():
    yield 1
    raise ValueError("inside")

g = failing()
try:
    for v in g:
        print("got", v)
except ValueError as e:
    print("caught", e)
print("after failure", list(g))

# PEP 479 for a generator run by a loop.
def leaks():
    yield 1
    raise StopIteration("leak")

try:
    for v in leaks():
        print("leaks", v)
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__, e.__cause__)

# A generator that resumes itself while running.
def selfish():
    yield 1
    yield next(me)

me = selfish()
try:
    for v in me:
        print("selfish", v)
except ValueError as e:
    print("ValueError:", e)

# Recursive generators: deep `yield from` chains, and one too deep.
def tree(depth):
    if depth == 0:
        yield 0
        return
    yield depth
    yield from tree(depth - 1)

print(sum(tree(200)))

def forever(depth):
    yield depth
    yield from forever(depth + 1)

try:
    for d in forever(0):
        pass
except RecursionError as e:
    print("RecursionError:", e)

# throw() and close() on a generator last suspended by a loop's frame.
def closing():
    try:
        yield 1
        yield 2
    finally:
        print("closing finally")

g = closing()
for v in g:
    break
g.close()
print("closed", list(g))

def catcher():
    while True:
        try:
            yield
        except KeyError as e:
            print("catcher caught", e)
            yield "after"

g = catcher()
for v in g:
    break
print(g.throw(KeyError("thrown")))

# Generators in comprehensions, nested inside each other.
print([sum(y for y in count(x)) for x in count(5)])

# A generator expression over a generator, consumed by a loop, with a
# closure over the loop's variable.
def scale(k):
    return (x * k for x in count(4))

for k in count(3):
    print(k, list(scale(k)))

def gn(n):
    for i in range(n):
        if i == 2:
            pass
        yield [i]
def chain():
    yield from gn(4)
    return 7
out = []
for x in chain():
    out.append(x)
print(out)
# a generator that is garbage while suspended inside a for over another generator
def inner():
    try:
        yield 1
        yield 2
    finally:
        print("inner finally")
def outer():
    for v in inner():
        yield v
o = outer()
print(next(o))
del o
print("after del")
# generator closed while its inner is suspended by an inline yield from
def deleg():
    try:
        yield from inner()
    finally:
        print("deleg finally")
d = deleg()
for v in d:
    break
d.close()
print("closed")
# exception inside nested inline frames, caught in the middle
def boom():
    yield 1
    raise KeyError("x")
def mid():
    try:
        yield from boom()
    except KeyError as e:
        yield "mid caught " + str(e)
print(list(mid()))
# send() into a generator that itself iterates another by for
def acc():
    total = 0
    for v in inner():
        total += v
        got = yield total
        print("got", got)
a = acc()
print(next(a)); print(a.send("s1")); 
try:
    a.send("s2")
except StopIteration:
    print("stop")

# Cyclic garbage made while generators run in a loop's frames: the cycle
# collector runs in the middle of them.
def cyc(n):
    for i in range(n):
        a = []
        a.append(a)
        holder = {"self": None}
        holder["self"] = holder
        yield i


total = 0
for x in cyc(30000):
    total += x
print(total, sum(x for x in cyc(3000)))
