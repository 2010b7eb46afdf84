# Where captured names go: locals, cells, globals, class namespaces,
# mangled private names; match in generators, lambdas' neighbours, and
# guards with assignment expressions.


def cells(v):
    match v:
        case [a, *rest]:
            getters = [lambda: a, lambda: rest]
    a = "rebound"
    return [g() for g in getters]


print(cells([1, 2, 3]))


def gen(items):
    for item in items:
        match item:
            case ("yield", value):
                yield value
            case ("yield from", values):
                yield from values
            case ("stop",):
                return
            case other:
                got = yield ("sent?", other)
                if got is not None:
                    yield ("received", got)


g = gen([("yield", 1), ("yield from", [2, 3]), "other", ("yield", 4), ("stop",), ("yield", 5)])
print(next(g), next(g), next(g), next(g))
print(g.send("hello"))
print(list(g))


class Private:
    match {"key": 1, "x": 2}:
        case {"key": __value, **__rest}:
            pass

    def split(self, v):
        match v:
            case [__first, *__others]:
                return __first, __others


print(sorted(k for k in vars(Private) if "__" in k and not k.startswith("__")))
print(Private().split([1, 2]))


class Namespace:
    match {"name": "ns", "size": 3}:
        case {"name": name, **extra}:
            pass
    matched = (name, extra)


print(Namespace.name, Namespace.extra, Namespace.matched)
print(sorted(k for k in vars(Namespace) if not k.startswith("__")))


def walrus(values):
    out = []
    for v in values:
        match v:
            case [x, y] if (total := x + y) > 10:
                out.append(("big", total))
            case [x, y]:
                out.append(("small", total))
    return out


print(walrus([[5, 6], [1, 2], [20, 1]]))

counter = 0


def bump():
    global counter
    match counter:
        case 0 | 1 as counter:
            counter += 10
        case _:
            pass
    return counter


print(bump(), bump(), counter)


def unbound(v):
    match v:
        case [late]:
            pass
    return late


print(unbound([7]))
try:
    unbound("no")
except UnboundLocalError as e:
    print("UnboundLocalError:", e)


# Deeply nested patterns.
deep = 1
for _ in range(30):
    deep = [deep]
match deep:
    case [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]:
        print("deep", x)

# Many cases.
def many(n):
    match n:
        case 0: return "0"
        case 1: return "1"
        case 2: return "2"
        case 3: return "3"
        case 4: return "4"
        case 5: return "5"
        case 6: return "6"
        case 7: return "7"
        case 8: return "8"
        case 9: return "9"
        case _: return "big"


print("".join(many(i) for i in range(12)))

# A hot loop over a match (the JIT declines such code; the interpreter
# quickens what it can).
def classify(n):
    total = 0
    for i in range(n):
        match (i % 3, i % 5):
            case (0, 0):
                total += 15
            case (0, _):
                total += 3
            case (_, 0):
                total += 5
            case (a, b):
                total += a * b
    return total


print(classify(3000))


# A guard that yields, with the subject's copy on the generator's stack:
# resumed, closed and thrown into there.
def guarded(items):
    for it in items:
        match it:
            case [x, y] if (yield ("guard", x)):
                yield ("matched", x, y)
            case [x, *_] if (yield ("second guard", x)):
                yield "second"
            case _:
                yield "default"


gen = guarded([[1, 2], [3, 4, 5]])
print(next(gen), gen.send(True), next(gen))
print(gen.send(False), next(gen, "exhausted"))
gen = guarded([[1, 2]])
print(next(gen))
gen.close()
gen = guarded([[1, 2]])
print(next(gen))
try:
    gen.throw(ValueError("thrown into the guard"))
except ValueError as e:
    print("ValueError:", e)


def in_try():
    try:
        match [1, 2]:
            case [a, b] if (yield a):
                return "returned from a case"
    finally:
        print("finally ran")


gen = in_try()
print(next(gen))
try:
    gen.send(1)
except StopIteration as e:
    print("StopIteration:", e.value)


# Captures are told apart as written: `__y` and `_Twice__y` are two
# names to the pattern, though both store into `_Twice__y` (the last wins).
class Twice:
    def f(self, v):
        match v:
            case [__y, _Twice__y]:
                return _Twice__y


print(Twice().f([1, 2]))
