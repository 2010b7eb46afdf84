# struct: pack/unpack/calcsize/pack_into/unpack_from/iter_unpack, Struct,
# byte orders, native alignment, and CPython's error messages.
import struct


def show(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except BaseException as e:
        print(label, "raised", type(e).__name__ if type(e) is not struct.error else "struct.error", e)


# calcsize: native alignment and standard sizes
for fmt in ["", "b", "c", "?", "h", "H", "i", "I", "l", "L", "q", "Q", "n", "N", "P",
            "e", "f", "d", "x", "3x", "ci", "ic", "<ci", ">ci", "=ci", "!ci", "@ci",
            "cq", "chi", "0i", "c0i", "5s", "5p", "bhilqnNPefd?", "<bhilqefd?",
            " i i ", "i\n", "2h3s", b"ii", "!", "@", "@qe", "10c", "ccb?h"]:
    show("calcsize %r" % (fmt,), lambda: struct.calcsize(fmt))

for fmt in ["4 i", "i4", "3", "z", "<n", "=N", ">P", "x1", "  <i", "i<",
            "99999999999999999999i"]:
    show("calcsize %r" % (fmt,), lambda: struct.calcsize(fmt))

# round trips in every byte order
values = (-5, 200, True, -300, 60000, -70000, 4000000000, -2**40, 2**63 + 5,
          1.5, -0.25, 3.0e100, b"z", b"abc", b"hi")
for order in "@=<>!":
    fmt = order + "bB?hHiIqQefdc3s5p"
    packed = struct.pack(fmt, *values)
    print(order, struct.calcsize(fmt), packed.hex())
    print(order, struct.unpack(fmt, packed))

print(struct.pack("lLnN", -1, 2**64 - 1, -2, 7))
print(struct.unpack("lLnN", struct.pack("lLnN", -1, 2**64 - 1, -2, 7)))
print(struct.pack("<lL", -1, 2**32 - 1), struct.pack(">lL", -2, 5))
print(struct.pack("P", 1234), struct.unpack("P", b"\xff" * 8))
print(struct.pack("q", 2**63 - 1), struct.pack("Q", 2**64 - 1))
print(struct.unpack("<Q", b"\xff" * 8), struct.unpack("<q", b"\xff" * 8))
print(struct.unpack(">Q", b"\x80" + b"\x00" * 7), struct.unpack(">q", b"\x80" + b"\x00" * 7))
print(struct.pack("ci", b"*", 1), struct.pack("ic", 1, b"*"))
print(struct.pack(">hxxh", 1, 2), struct.pack("<3x"))

# half floats
for x in [0.0, -0.0, 1.0, -2.5, 65504.0, 65519.0, 6.1e-5, 6e-8, 1e-8, 0.1,
          float("inf"), float("-inf"), 1 / 3]:
    b = struct.pack("<e", x)
    print("e", x, b.hex(), struct.unpack("<e", b), struct.pack(">e", x).hex())
print(struct.unpack("<e", struct.pack("<e", float("nan"))))
print(struct.unpack("<f", struct.pack("<f", 0.1)), struct.pack("f", 1e300))

# strings
for args in [("0s", b"abc"), ("3s", b"a"), ("3s", b"abcdef"), ("5p", b"ab"),
             ("3p", b"abcdef"), ("1p", b"abc"), ("0p", b"abc"), ("s", bytearray(b"xy")),
             ("2c", b"a", b"b"), ("?", 0.0), ("?", [1]), ("?", "")]:
    show("pack %r" % (args,), lambda: struct.pack(*args))
big = struct.pack("300p", b"a" * 300)
print(big[:3], len(big), len(struct.unpack("300p", big)[0]))
print(struct.unpack("3p", b"\x09ab"), struct.unpack("?", b"\x05"), struct.unpack("<?", b"\x00"))

# range and type errors
cases = [("b", 200), ("b", -129), ("B", -1), ("B", 256), ("h", 70000), ("H", -1),
         ("i", 2**31), ("I", -1), ("I", 2**32), ("l", 2**63), ("L", -1), ("q", 2**63),
         ("Q", -1), ("Q", 2**64), ("n", 2**63), ("N", -1), ("<b", 200), ("<B", 300),
         ("<h", 2**15), ("<H", -1), ("<i", 2**31), ("<I", -1), ("<I", 2**32),
         ("<l", 2**31), ("<L", 2**32), ("<L", -1), ("<q", 2**63), ("<Q", 2**64),
         ("<Q", -1), (">h", 2**15), (">H", 70000), (">H", -1), ("!I", 2**32),
         (">i", -2**31 - 1), (">q", 2**63), (">Q", -1), (">b", 200), ("i", 2**70),
         ("h", 2**70), ("H", -2**70), ("<h", 2**70), (">h", 2**70), ("b", 2**70),
         ("P", 2**64), ("i", 1.5), ("i", "x"), ("i", None), ("<q", 1.5),
         ("f", "x"), ("d", "1.0"), ("d", 2**2000), ("e", 1e6), ("<e", 65520.0),
         (">f", 1e300), ("<f", 1e300), ("c", b"ab"), ("c", 1), ("c", bytearray(b"x")),
         ("s", 1), ("3p", "str"), ("i", True), ("d", 7)]
for fmt, v in cases:
    show("pack %s %s" % (fmt, repr(v)[:12]), lambda: struct.pack(fmt, v))


class Idx:
    def __index__(self):
        return 7


print(struct.pack("i", Idx()), struct.pack("d", Idx()))

for args in [("ii", 1), ("ii", 1, 2, 3), ("i",), ("x", 1), ()]:
    show("pack %r" % (args,), lambda: struct.pack(*args))
show("pack kw", lambda: struct.pack("i", x=1))
show("pack bad fmt", lambda: struct.pack(3))
show("calcsize none", lambda: struct.calcsize(None))
show("calcsize 2 args", lambda: struct.calcsize("i", 2))

# unpack
for args in [("i", b"abc"), ("i", b"abcde"), ("i", "abcd"), ("i", memoryview(b"abcd")),
             ("i", bytearray(b"abcd")), ("i",), ("i", 5), ("2h", b"\x01\x00\x02\x00")]:
    show("unpack %r" % (type(args[-1]).__name__,), lambda: struct.unpack(*args))

# unpack_from
for args in [(b"abcdef", 2), (b"abcdef", 3), (b"abcdef", -4), (b"abcdef", -7),
             (b"abcdef", -3), (b"abcdef", 10), (b"abcdef", "x")]:
    show("unpack_from %r" % (args,), lambda: struct.unpack_from("<i", *args))
show("unpack_from kw", lambda: struct.unpack_from("<h", buffer=b"abcd", offset=2))
show("unpack_from 2x", lambda: struct.unpack_from("2x", b"a"))
show("unpack_from none", lambda: struct.unpack_from("i"))

# pack_into
ba = bytearray(6)
for args in [(ba, 0, 1), (ba, 2, 2), (ba, 3, 3), (ba, -4, 4), (ba, -7, 5),
             (ba, -2, 6), (b"abcdef", 0, 7), (ba, 10, 8), (ba, 0), (ba,),
             (memoryview(ba), 1, 9), (memoryview(b"abcd"), 0, 1), (5, 0, 1),
             (ba, "x", 1)]:
    show("pack_into %r" % (args[1:],), lambda: struct.pack_into("<i", *args))
    print(" ", ba)

# iter_unpack
print(list(struct.iter_unpack("<i", b"abcdefgh")))
for args in [("i", b"abcde"), ("", b""), ("0i", b""), ("i",)]:
    show("iter_unpack %r" % (args,), lambda: list(struct.iter_unpack(*args)))
it = struct.iter_unpack("<h", b"aabbcc")
print(type(it).__name__, it.__length_hint__(), next(it), it.__length_hint__(), list(it))

# Struct
s = struct.Struct("<hi")
print(s.format, s.size, s.pack(1, 2), s.unpack(b"\x01\x00\x02\x00\x00\x00"))
print(s.unpack_from(b"xx\x01\x00\x02\x00\x00\x00", 2), s.unpack_from(b"xx\x01\x00\x02\x00\x00\x00", offset=2))
print(list(s.iter_unpack(b"\x01\x00\x02\x00\x00\x00" * 2)))
buf = bytearray(8)
s.pack_into(buf, 1, -1, -2)
print(buf)
print(struct.Struct(b"ii").format, type(s).__name__, type(s).__module__)
show("Struct pack", lambda: s.pack(1))
show("Struct unpack", lambda: s.unpack(b"ab"))
show("Struct bad", lambda: struct.Struct("q!"))
show("Struct int", lambda: struct.Struct(3))
show("Struct pack_into", lambda: s.pack_into(bytearray(4)))
print(struct.error, struct.error.__mro__)
print(issubclass(struct.error, Exception), struct.error.__module__)
print(struct.calcsize("1000000000i"), struct.calcsize("<1000000000q"))
show("huge pack", lambda: struct.pack("1000000000i", 1))
show("huge unpack", lambda: struct.unpack("1000000000i", b"abcd"))
