# A format string without a conversion specifier consumes no argument.
for fmt in ["abc", "", "é"]:
    for arg in [1, 2.5, True, None, "x", (), (1,), (1, 2), {}, {"a": 1}, [], [1]]:
        try:
            r = fmt % arg
            print(repr(fmt), repr(arg), "->", repr(r))
        except TypeError as e:
            print(repr(fmt), repr(arg), "TypeError", e)
x = "abc"
x %= ()
print(x)
