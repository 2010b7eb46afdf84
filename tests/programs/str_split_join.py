# split and join
print("a b  c   d".split())
print("  leading and trailing  ".split())
print("".split(), "   ".split(), "x".split())
print("a,b,,c,".split(","), ",".split(","), "".split(","))
print("a::b::c".split("::"), "abc".split("abc"), "aaa".split("a"))
print("1 2 3 4 5".split(" ", 2), "1 2 3 4 5".split(None, 1), "a,b,c,d".split(",", 0))
print("a,b,c,d".split(",", -1), "a,b,c,d".split(",", 10), "  a  b  c  ".split(None, 1))
print("line1\nline2\r\nline3\tx".split())
print("-".join(["a", "b", "c"]), "".join(["x", "y"]), ", ".join([]), "+".join(["solo"]))
print(" ".join("abc"), "|".join(("t", "u", "p")), "".join([]), repr(",".join(["", ""])))
words = "the quick brown fox jumps over the lazy dog".split()
print(len(words), words[2], " ".join(words[::-1]))
print("/".join([w.upper() for w in words if len(w) > 3]))
print(", ".join([str(i) for i in range(5)]))
csv = "name,age\nalice,30\nbob,25"
for line in csv.split("\n"):
    fields = line.split(",")
    print(fields[0].upper(), fields[1])
try:
    print("a b".split(""))
except ValueError as e:
    print("ValueError:", e)
try:
    print(",".join(["a", 1]))
except TypeError as e:
    print("TypeError:", e)
try:
    print(",".join([1, 2]))
except TypeError as e:
    print("TypeError:", e)

# split() without a separator: every ASCII whitespace character (the
# byte-by-byte path for ASCII text) and the non-ASCII spaces (the general
# path), with each maxsplit.
for s in ["", " ", "a", " a ", "  a  b  ", "\ta\nb\x0bc\x0cd\re\x1cf\x1dg\x1eh\x1fi j",
          "x\x85y", "x\u00a0y z", "ü ö  ä", "a\x1bb\x7fc"]:
    print(repr(s), s.split(), [s.split(None, k) for k in (-1, 0, 1, 2)], s.split(maxsplit=1))
