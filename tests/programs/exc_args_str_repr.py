# e.args, str(e), repr(e) for different argument counts
cases = [ValueError(), ValueError("msg"), ValueError("a", 1), ValueError(42), ValueError(None),
         KeyError("k"), KeyError(), KeyError(1, 2), KeyError("it's"), IndexError("list index out of range"),
         TypeError("t", [1, 2]), Exception(""), Exception("x", "y", "z"), RuntimeError(("tup",)),
         ZeroDivisionError("division by zero"), AssertionError(), StopIteration(5), SystemExit(3),
         NotImplementedError("todo"), BaseException("base"), OverflowError("big"), NameError("n")]
for e in cases:
    print(repr(e), "|", str(e), "|", e.args, "|", len(e.args))
print([ValueError("in list")], (KeyError("in tuple"),), {"k": TypeError("in dict")})
try:
    raise ValueError("with", "several", "args")
except ValueError as e:
    print(e.args[1], str(e))
try:
    {}["missing key"]
except KeyError as e:
    print(e.args, str(e), repr(e), e.args[0])
try:
    1 / 0
except ZeroDivisionError as e:
    print(e.args, repr(e))
try:
    [1][5]
except IndexError as e:
    print(e.args, repr(e))
try:
    int("nope")
except ValueError as e:
    print(e.args, repr(e))
try:
    undefined_var
except NameError as e:
    print(e.args, repr(e))
e = RuntimeError("stored")
print(type(e).__name__, str(e), isinstance(e, Exception))
print(str(ValueError("x")) == "x", repr(ValueError("x")) == "ValueError('x')")
