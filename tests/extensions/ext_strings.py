# Strings and bytes between Python and C.
import checks

for s in ["", "a", "hello", "héllo", "日本語", "tab\tnew\nline"]:
    print(repr(s), checks.strlen_typed(s), checks.count_char(s, "l"), checks.upper_ascii(s))
print(checks.first_byte("A"), checks.first_byte("é"), checks.first_byte(""))
print(checks.join_bytes(b"ab", b"cd"), checks.join_bytes(b"", b"\x00\xff"))
print(type(checks.join_bytes(b"a", b"b")).__name__, len(checks.join_bytes(b"abc", b"de")))
b = checks.join_bytes(b"xy", b"z")
print(b == b"xyz", b[0], b[-1], b, repr(b"it's"), b'say "hi"')
print(hash(b"abc") == hash(checks.join_bytes(b"a", b"bc")))
for call in [
    lambda: checks.strlen_typed(5),
    lambda: checks.strlen_typed("a\0b"),
    lambda: checks.count_char("abc"),
    lambda: checks.count_char(b"abc", "a"),
    lambda: checks.upper_ascii(None),
    lambda: checks.join_bytes("str", b"x"),
    lambda: checks.first_byte(b"x"),
]:
    try:
        print("ok", call())
    except Exception as e:
        print(type(e).__name__ + ":", e)
