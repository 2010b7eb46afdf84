# PyBytes_Concat, ConcatAndDel, FromObject, Repr, DecodeEscape,
# FromFormat and the PyByteArray_* functions (FromStringAndSize,
# FromObject, Concat, AsString, Size, Resize, the Check macros), with
# CPython's errors.
from apiwalk import ubytes


def show(*args):
    try:
        r = ubytes(*args)
        print(args[0], type(r).__name__, repr(r))
    except SystemError as e:
        # CPython's message names its own source file and line.
        print(args[0], "SystemError")
    except Exception as e:
        print(args[0], type(e).__name__ + ":", e)


class Ints:
    def __iter__(self):
        return iter([65, 66, 67])


class Idx:
    def __init__(self, i):
        self.i = i

    def __index__(self):
        return self.i


# concatenation in place (a bytes object only C holds), and shared
show("concat", b"abc", b"def")
show("concat", b"abc", bytearray(b"xy"))
show("concat", b"abc", memoryview(b"mv"))
show("concat", b"", b"")
show("concat", b"abc", "str")
show("concat", b"abc", 5)
show("concat", b"abc", b"def", True)
show("concat", b"abc", 5, True)
show("concat", b"abc", None)
show("concat", None, b"x")
show("concatanddel", b"abc", b"def")
show("concatanddel", b"abc", [1])

# conversion
show("fromobject", b"same")
show("fromobject", bytearray(b"ba"))
show("fromobject", memoryview(b"mv"))
show("fromobject", [104, 105])
show("fromobject", (0, 255))
show("fromobject", [Idx(65), True])
show("fromobject", Ints())
show("fromobject", range(3))
show("fromobject", iter([1, 2]))
show("fromobject", [256])
show("fromobject", [-1])
show("fromobject", ["a"])
show("fromobject", [1.5])
show("fromobject", "text")
show("fromobject", 5)
show("fromobject", None)

# repr
show("repr", b"plain", 1)
show("repr", b"it's", 1)
show("repr", b"it's", 0)
show("repr", b"both ' and \"", 1)
show("repr", b"\x00\t\n\r\\\x7f\x80\xff", 1)
show("repr", b"", 0)

# escapes
show("decodeescape", b"plain", None)
show("decodeescape", b"a\\n\\t\\r\\\\\\'\\\"", None)
show("decodeescape", b"\\x41\\x7a\\xFF", None)
show("decodeescape", b"\\101\\0\\7\\12x", None)
show("decodeescape", b"\\a\\b\\f\\v", None)
show("decodeescape", b"line\\\nnext", None)
show("decodeescape", b"bad \\x4 here", None)
show("decodeescape", b"bad \\xg here", None)
show("decodeescape", b"bad \\x4 here", "strict")
show("decodeescape", b"bad \\x4 here", "replace")
show("decodeescape", b"bad \\xzz here", "ignore")
show("decodeescape", b"bad \\x4 here", "nope")
show("decodeescape", b"trailing \\", None)

# PyBytes_FromFormat
for i in range(7):
    show("format", i)
show("format", 4, "%d then %%d")

# bytearray
show("bafromstring", b"hello", 5)
show("bafromstring", b"hello", 3)
print("bafromstring NULL:", len(ubytes("bafromstring", None, 4)))
show("bafromstring", b"x", 0)
show("bafromstring", b"x", -1)
show("bafromobject", b"abc")
show("bafromobject", [1, 2, 3])
show("bafromobject", 3)
show("bafromobject", "text")
show("baconcat", bytearray(b"ab"), b"cd")
show("baconcat", b"ab", memoryview(b"cd"))
show("baconcat", b"ab", "cd")
show("baconcat", 1, b"cd")
show("bainfo", bytearray(b"info"))
show("bainfo", bytearray())
b = bytearray(b"resize me")
show("baresize", b, 6)
# New bytes past the old end hold whatever was there: only the length is
# shown.
print(len(ubytes("baresize", b, 9)), b[:6])
b = bytearray(b"resize me")
m = memoryview(b)
show("baresize", b, 2)
show("baresize", b, 9)
m.release()
show("baresize", b, 2)
show("bawrite")

# PyMemoryView_FromObject
show("memoryview", b"view")
show("memoryview", bytearray(b"ba"))
show("memoryview", memoryview(b"mm"))
show("memoryview", "text")
show("memoryview", 5)
