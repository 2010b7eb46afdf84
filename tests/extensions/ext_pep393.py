# PEP 393 strings from C: the kind and code points C reads of each width
# of str, strings C builds with PyUnicode_New, and the API's errors.
import ucs

for s in ["", "ascii", "caf\u00e9", "\u20ac100", "\u4e2d\u6587", "a\U0001f600b", "\x00nul"]:
    print(repr(s), ucs.info(s))

for points, maxchar in [([104, 105], 127), ([99, 97, 102, 233], 255),
                        ([8364, 49], 0x20AC), ([128512, 33], 0x10FFFF), ([], 0)]:
    s = ucs.build(points, maxchar)
    t = ucs.build_checked(points, maxchar)
    print(repr(s), s == t, len(s), ucs.info(s)[:3], s + "|", hash(s) == hash("".join(map(chr, points))))

made = ucs.build_in_tuple()
print(made, len(made[0]), made[0] == "\u20acx\u00e9")
# (What C has not written is undefined in CPython: only the layout shows.)
print(len(ucs.new_raw(3, 127)), ucs.info(ucs.new_raw(2, 0x10FFFF))[:4], ucs.info(ucs.new_raw(1, 0xFFFF))[:4])
print(ucs.read_char("h\u00e9\u20ac", 0), ucs.read_char("h\u00e9\u20ac", 2), ucs.from_kind(1, [104, 233]),
      ucs.from_kind(2, [8364, 65]), ucs.from_kind(4, [128512]))

shared = "shared" + str(len("xyz"))
for f in [lambda: ucs.read_char("abc", 3), lambda: ucs.read_char("abc", -1), lambda: ucs.read_char(5, 0),
          lambda: ucs.write_shared(shared, 0, 65), lambda: ucs.write_shared(shared, 10, 65),
          lambda: ucs.build_checked([300], 255), lambda: ucs.new_raw(-1, 0),
          lambda: ucs.new_raw(1, 0x110000), lambda: ucs.from_kind(3, [1]),
          lambda: ucs.from_kind(4, [0x110000])]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(shared)
