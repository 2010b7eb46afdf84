# The buffer protocol: y*, s*, z*, w* arguments, PyObject_GetBuffer's
# views of bytes and of a C exporter, and buffers released when a parse
# fails after taking one.
import bufext

print(bufext.checksum(b"abc"), bufext.checksum(b""))
print(bufext.text_sum("abc"), bufext.text_sum("é"), bufext.text_sum(b"abc"))
print(bufext.maybe_len(None), bufext.maybe_len(b"xyz"), bufext.maybe_len("héllo"))

for bad in [lambda: bufext.checksum("abc"), lambda: bufext.checksum(3),
            lambda: bufext.text_sum(None), lambda: bufext.maybe_len(1.5),
            lambda: bufext.fill(b"abc", 1), lambda: bufext.fill("abc", 1),
            lambda: bufext.readonly_writable(), lambda: bufext.describe(b"abc", bufext.PyBUF_WRITABLE),
            lambda: bufext.describe("abc", bufext.PyBUF_SIMPLE)]:
    try:
        bad()
    except (TypeError, BufferError) as e:
        print(type(e).__name__ + ":", e)

print(bufext.check(b""), bufext.check("s"), bufext.check(1), bufext.check(bufext.Blob(1)))
for flags in ["PyBUF_SIMPLE", "PyBUF_FORMAT", "PyBUF_ND", "PyBUF_STRIDES", "PyBUF_FULL_RO"]:
    print(flags, bufext.describe(b"hello", getattr(bufext, flags)))

blob = bufext.Blob(4)
print(blob.tobytes(), bufext.checksum(blob), blob.exports())
bufext.fill(blob, 7)
print(blob.tobytes(), bufext.checksum(blob), bufext.text_sum(blob), bufext.maybe_len(blob))
print(bufext.describe(blob, bufext.PyBUF_WRITABLE | bufext.PyBUF_FORMAT), blob.exports())
print(bufext.prefix_sum(blob, 2), bufext.prefix_sum(b"\x01\x02\x03", 10))

# A failed parse after y* (or w*) releases the buffer it took.
for bad in [lambda: bufext.prefix_sum(blob, "x"), lambda: bufext.fill(blob, "x"),
            lambda: bufext.prefix_sum(blob), lambda: bufext.fill(blob, 1, 2)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
print("exports after failures", blob.exports())

try:
    bufext.Blob(-1)
except ValueError as e:
    print("ValueError:", e)
print(issubclass(BufferError, Exception), BufferError.__mro__)
try:
    raise BufferError("mine")
except BufferError as e:
    print(repr(e))
