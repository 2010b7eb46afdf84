# io.UnsupportedOperation derives from OSError and ValueError, as in CPython.
import io

print(io.UnsupportedOperation.__mro__)
print(io.UnsupportedOperation.__bases__)
print(io.UnsupportedOperation.__name__, io.UnsupportedOperation.__module__)
print(issubclass(io.UnsupportedOperation, ValueError))
print(issubclass(io.UnsupportedOperation, OSError))
print(issubclass(io.UnsupportedOperation, Exception))
print(issubclass(ValueError, io.UnsupportedOperation))

try:
    raise io.UnsupportedOperation("custom")
except ValueError as e:
    print("caught as ValueError:", type(e).__name__, e)

f = open(__file__)
for what in ("write", "writelines"):
    try:
        getattr(f, what)("x" if what == "write" else ["x"])
    except ValueError as e:
        print(what, "ValueError:", type(e).__name__, e, isinstance(e, OSError))
f.close()

s = io.StringIO("abc")
try:
    s.fileno()
except ValueError as e:
    print("fileno:", type(e).__name__, e)

try:
    open(__file__, "rb").write(b"x")
except (ValueError, OSError) as e:
    print("bytes:", type(e).__name__, e)


class Custom(io.UnsupportedOperation):
    pass


print(Custom.__mro__)
try:
    raise Custom("sub")
except ValueError as e:
    print("Custom caught:", type(e).__name__, e, isinstance(e, OSError))

try:
    try:
        raise io.UnsupportedOperation("inner")
    except KeyError:
        print("not here")
except OSError as e:
    print("caught as OSError:", e)

import sys
try:
    sys.stdin.write("x")
except ValueError as e:
    print("stdin:", type(e).__name__, e)
