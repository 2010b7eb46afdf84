# The buffer protocol of bytearray and memoryview: y*, w* and
# PyObject_GetBuffer over them, writes from C into a bytearray, and the
# export a C view holds while it lasts.
import bufext

ba = bytearray(b"abc")
print(bufext.check(ba), bufext.check(memoryview(b"x")), bufext.checksum(ba), bufext.checksum(memoryview(b"abc")))
print(bufext.text_sum(ba), bufext.maybe_len(bytearray(b"xyz")), bufext.maybe_len(memoryview(b"hello")[1:]))
bufext.fill(ba, 9)
print(ba)
mv = memoryview(ba)
bufext.fill(mv[1:], 5)
print(ba, mv.tobytes())
for flags in ["PyBUF_SIMPLE", "PyBUF_FORMAT", "PyBUF_ND", "PyBUF_STRIDES", "PyBUF_FULL_RO"]:
    for exporter in [bytearray(b"hello"), memoryview(b"hi"), memoryview(bytearray(b"xyz")).cast("c"), memoryview(b"\xff").cast("b")]:
        try:
            print(flags, bufext.describe(exporter, getattr(bufext, flags)))
        except BufferError as e:
            print(flags, "BufferError:", e)
print(bufext.describe(bytearray(b"w"), bufext.PyBUF_WRITABLE), bufext.prefix_sum(bytearray(b"\x01\x02\x03"), 2))
for bad in [lambda: bufext.fill(b"abc", 1), lambda: bufext.fill(memoryview(b"abc"), 1),
            lambda: bufext.describe(memoryview(b"abc"), bufext.PyBUF_WRITABLE),
            lambda: bufext.fill(memoryview(bytearray(b"abcd"))[::2], 1),
            lambda: bufext.checksum(mv.toreadonly()[::2])]:
    try:
        bad()
    except (TypeError, BufferError, ValueError) as e:
        print(type(e).__name__ + ":", e)
mv.release()
# Every C view was given back: the bytearray can be resized again.
ba.append(1)
ba.extend(b"!")
print(ba, len(ba))
released = memoryview(b"x")
released.release()
try:
    bufext.checksum(released)
except ValueError as e:
    print("ValueError:", e)
