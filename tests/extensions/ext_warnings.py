# Warnings issued by C code: the categories are builtins with CPython's
# hierarchy; a warning is printed to stderr as CPython prints it with the
# default filters (file:line: Category: message, then the source line),
# once per location; stacklevel picks the Python frame; DeprecationWarning
# shows only for __main__, and PendingDeprecationWarning, ImportWarning
# and ResourceWarning never with the default filters.
import warnext

cats = warnext.categories()
print([c.__name__ for c in cats])
print(cats == (Warning, UserWarning, DeprecationWarning, PendingDeprecationWarning,
               RuntimeWarning, SyntaxWarning, FutureWarning, ImportWarning,
               UnicodeWarning, BytesWarning, ResourceWarning))
print(all(issubclass(c, Warning) for c in cats), issubclass(Warning, Exception))
print(issubclass(EncodingWarning, Warning), UserWarning("x").args)


def f():
    warnext.warn(UserWarning, "from f", 1)
    warnext.warn(UserWarning, "blamed on f's caller", 2)


f()
f()
for i in range(3):
    warnext.warn(RuntimeWarning, "in a loop", 1)
print(warnext.warn(UserWarning, "returns None", 1))
warnext.warn(DeprecationWarning, "deprecated, from __main__", 1)
for c in (PendingDeprecationWarning, ImportWarning, ResourceWarning):
    warnext.warn(c, "never shown by default", 1)
for c in (FutureWarning, SyntaxWarning, UnicodeWarning, BytesWarning, Warning):
    warnext.warn(c, "shown: " + c.__name__, 1)


class MyWarning(UserWarning):
    pass


warnext.warn(MyWarning, "a subclass defined in Python", 1)
warnext.warn(None, "no category: RuntimeWarning", 1)
warnext.warn(UserWarning, "past the outermost frame", 50)
warnext.warn(ValueError, "any class is a category for C", 1)
try:
    warnext.warn_then_raise()
except ValueError as e:
    print("ValueError", e)
warnext.warn_format(UserWarning, 3)
warnext.warn_explicit(UserWarning, "explicit location", "nowhere.py", 12, "somewhere")
warnext.warn_explicit(DeprecationWarning, "explicit, module from the file", "other.py", 3, None)
warnext.warn_explicit(DeprecationWarning, "explicit, __main__", "main.py", 4, "__main__")


def g(i):
    return warnext.warn_value(i)


total = 0
for i in range(20):
    total += g(i)
print(total)


def h(n):
    # A C function in a local called with a local: the hot loop's fused
    # LOAD_FAST pair and call.
    wv = warnext.warn_value
    t = 0
    for i in range(n):
        t = t + wv(i) * 2
    return t


print(h(30), h(5))
items = [10, warnext.warn_value(5), 20, warnext.warn_value(6)]
print(items)
n = warnext.Noisy()
print(sum(n.poke() for _ in range(12)))
print(type(__warningregistry__).__name__, len(__warningregistry__) > 0)
