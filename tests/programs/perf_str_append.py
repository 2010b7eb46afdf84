# Appending to a string held by one local takes amortized constant time
# (CPython appends in place when nothing else refers to the string): each
# loop here is quadratic otherwise, and the corpus timeout stops it.
# Results are checked, not timed.


def append_loop(n):
    s = ""
    for i in range(n):
        s += "x"
    return s


def plus_assign_form(n):
    s = ""
    for i in range(n):
        s = s + "ab"[i % 2]
    return s


def wide_text(n):
    # Non-ASCII text: the character count stays right.
    s = "é"
    for i in range(n):
        s += "ß" if i % 3 == 0 else "é"
    return s


def with_other_reference(n):
    # A snapshot taken now and then must keep its old text.
    s = ""
    snapshots = []
    for i in range(n):
        s += chr(97 + i % 26)
        if i % 250_000 == 0:
            snapshots.append(s)
    return s, snapshots


def many_calls(calls, n):
    # Called often enough for the JIT to compile it.
    total = 0
    last = ""
    for _ in range(calls):
        s = ""
        for i in range(n):
            s += "y"
        total += len(s)
        last = s
    return total, last[:3]


s = append_loop(3_000_000)
print(len(s), s[:3], s.count("x"))
p = plus_assign_form(2_000_000)
print(len(p), p[:6], p[-2:])
w = wide_text(1_000_000)
print(len(w), w.count("ß"), w[:4], len(w.encode()))
t, snaps = with_other_reference(1_000_000)
print(len(t), [len(x) for x in snaps], [x[-3:] for x in snaps])
print(many_calls(200, 20_000))
d = {"k": s}
s += "!"
print(len(d["k"]), len(s), d["k"] == s[:-1])
