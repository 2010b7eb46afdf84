# Literal, singleton, capture, wildcard and value patterns; guards;
# fall-through; bindings after the match; match in every kind of scope.


class Color:
    RED = 1
    GREEN = 2
    BLUE = "blue"


class Const:
    class Inner:
        ZERO = 0.0


def literal(s):
    match s:
        case 0:
            return "zero"
        case 1:
            return "one"
        case -1:
            return "minus one"
        case 2.5:
            return "two and a half"
        case -2.5:
            return "minus two and a half"
        case 12345678901234567890123:
            return "big"
        case -12345678901234567890123:
            return "minus big"
        case 0x10 | 0o17 | 0b11:
            return "radix"
        case 1_000:
            return "thousand"
        case "":
            return "empty str"
        case "a" "b":
            return "concatenated"
        case "caf\u00e9":
            return "unicode"
        case b"":
            return "empty bytes"
        case b"\x00\xff":
            return "binary bytes"
        case None:
            return "None"
        case True:
            return "True"
        case False:
            return "False"
        case Color.RED:
            return "red"
        case Color.BLUE:
            return "blue"
        case Const.Inner.ZERO:
            return "unreachable? 0.0 == 0"
        case _:
            return "no literal"


values = [0, 0.0, -0.0, False, True, 1, 1.0, -1, 2.5, -2.5, 3, 16, 15, 3, 1000,
          12345678901234567890123, -12345678901234567890123, "", "ab", "café",
          b"", b"\x00\xff", None, "None", Color.GREEN, "blue", [], (), {}, "0"]
for v in values:
    print(repr(v), "->", literal(v))


# Singletons compare by identity, values by equality.
def singleton(s):
    match s:
        case True:
            return "is True"
        case False:
            return "is False"
        case None:
            return "is None"
        case 1:
            return "== 1"
        case 0:
            return "== 0"
    return "nothing"


for v in [True, False, None, 1, 0, 1.0, 0.0, -0.0]:
    print(repr(v), singleton(v))


# __eq__ is called on the subject (left operand), with the value.
class Loud:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        print("  eq", self.name, repr(other))
        return other == 3

    def __hash__(self):
        return 0


match Loud("subject"):
    case 1:
        print("matched 1")
    case "x":
        print("matched x")
    case 3:
        print("matched 3")
    case 4:
        print("matched 4")

# Reflected: the value's __eq__ when the subject's returns NotImplemented.
class Val:
    def __eq__(self, other):
        print("  Val.__eq__", repr(other))
        return True


class Holder:
    V = Val()


match 5:
    case Holder.V:
        print("reflected match")

# No case matches: nothing happens, the subject is not bound.
match 99:
    case 1:
        print("no")
    case 2:
        print("no")
print("fell through")

# Capture and wildcard.
match [1, 2]:
    case 3:
        print("no")
    case whole:
        print("captured", whole)
print("after the match:", whole)

match "x":
    case _:
        print("wildcard only")

match "y":
    case "z":
        print("no")
    case _:
        print("wildcard default")

# Guards: evaluated after the capture, which stays bound when the guard
# fails.
def guard_log(msg, result):
    print("  guard", msg)
    return result


for subject in [5, -5, 0]:
    match subject:
        case n if guard_log("positive", n > 0):
            print(subject, "positive", n)
        case n if guard_log("negative", n < 0):
            print(subject, "negative", n)
        case _ if guard_log("default guard", False):
            print("never")
        case _:
            print(subject, "zero, n is still", n)

match 10:
    case x if x > 100:
        print("big")
print("x bound by a failed guard:", x)

# A guard on the default case that fails: nothing runs.
match 1:
    case 2:
        pass
    case _ if False:
        print("no")
print("guarded default fell through")

# The subject is evaluated once.
def subject():
    print("  evaluating the subject")
    return 3


match subject():
    case 1:
        pass
    case 2:
        pass
    case 3:
        print("three")


# In a function: captures are locals; in a closure; in a class body;
# global declarations.
def f(v):
    match v:
        case [a, b]:
            def inner():
                return a + b
            return inner()
        case other:
            return ("other", other)


print(f([1, 2]), f("s"))


def g():
    global gl
    match 7:
        case gl:
            pass


g()
print("global", gl)


class Body:
    match (1, 2):
        case (p, q):
            total = p + q


print("class body", Body.p, Body.q, Body.total)


def outer():
    found = None

    def search(items):
        nonlocal found
        for item in items:
            match item:
                case ("key", found):
                    return True
                case ("skip", _):
                    continue
                case ("stop", _):
                    break
        return False

    print(search([("skip", 1), ("key", "value"), ("key", "late")]), found)
    print(search([("stop", 1), ("key", "never")]), found)


outer()


# return, break and continue inside case bodies and nested loops.
def loops():
    out = []
    for i in range(6):
        match i % 3:
            case 0:
                continue
            case 1:
                out.append(i)
            case _:
                if i > 4:
                    break
                out.append(-i)
    return out


print(loops())


# Nested match statements.
def nested(a, b):
    match a:
        case 0:
            match b:
                case 0:
                    return "both zero"
                case _:
                    return "a zero"
        case _:
            match b:
                case 0:
                    return "b zero"
    return "neither"


print(nested(0, 0), nested(0, 1), nested(1, 0), nested(1, 1))

# match and case stay usable as names.
match = 1
case = 2
print(match + case)
match, case = [case, match]
print(match, case)
