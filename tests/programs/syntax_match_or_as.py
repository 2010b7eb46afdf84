# OR patterns, AS patterns and group patterns: what each alternative
# binds, in which order the values are stored, and what stays unbound.


def alt(v):
    match v:
        case 1 | 2 | 3:
            return "small"
        case "a" | "b" as letter:
            return f"letter {letter}"
        case [x, 0] | [0, x]:
            return f"pair with a zero and {x}"
        case (x, y, "xy") | (y, x, "yx"):
            return f"ordered x={x} y={y}"
        case [[a, b] | (b, a, _), c] | [c, (a, b)]:
            return f"nested a={a} b={b} c={c}"
        case {"p": p, "q": q} | [p, q, _] | (q, p):
            return f"p={p} q={q}"
        case (int() | float()) as number if number < 0:
            return f"negative {number}"
        case ((str() | bytes()) as s) if len(s) > 3:
            return f"long {s!r}"
        case None | True | False:
            return "singleton"
    return "no"


for v in [1, 3, 4, "a", "b", "c", [5, 0], [0, 6], [7, 8], (1, 2, "xy"), (1, 2, "yx"),
          {"p": 1, "q": 2}, [1, 2, 3], (9, 8), [[1, 2], 3], [(1, 2, 9), 3],
          [3, (1, 2)], -5, -2.5, "long string", b"bytes!", "abc", None, True, False]:
    print(repr(v), "->", alt(v))


# Alternatives binding names in different orders: each alternative's
# values are reordered to the first's, so every name gets its own value.
def order(v):
    match v:
        case (a, b, c, "abc") | (c, a, b, "cab") | (b, c, a, "bca") | (c, b, a, "cba"):
            return (a, b, c)


for v in [(1, 2, 3, "abc"), (3, 1, 2, "cab"), (2, 3, 1, "bca"), (3, 2, 1, "cba")]:
    print(v, order(v))


# A capture inside an OR next to captures outside it.
match [1, (2, 3), 4]:
    case [first, (2, x) | (x, 2), last]:
        print("outside and inside", first, x, last)
match [1, (3, 2), 4]:
    case [first, (2, x) | (x, 2), last]:
        print("second alternative", first, x, last)

# AS patterns: the whole subject, a sub-pattern, nested.
match [1, [2, 3]]:
    case [a, [b, c] as inner] as whole:
        print(a, b, c, inner, whole)
match (1, 2):
    case (1 as one, 2 as two) as both:
        print(one, two, both)
match 5:
    case (x as y) as z:
        print(x, y, z)

# Group patterns are just parentheses.
match 5:
    case (((5))):
        print("grouped literal")
match [1]:
    case [(x)]:
        print("grouped capture", x)

# A failed match stores nothing: names captured by a pattern that failed
# later keep their old values.
a = b = "old"
match [1, 2]:
    case [a, 3]:
        print("no")
    case [b, 3]:
        print("no")
    case _:
        print("after failed partial matches:", a, b)

# An OR pattern whose last alternative is irrefutable, in the last case.
match "anything":
    case (1 as other) | other:
        print("irrefutable last alternative", other)


# Guards see the captures of the alternative that matched.
def guarded(v):
    match v:
        case [x, _] | [_, x, _] if x > 0:
            return f"positive x={x}"
        case [x, _] | [_, x, _]:
            return f"non-positive x={x}"
    return "no"


for v in [[1, 9], [-1, 9], [9, 2, 9], [9, -2, 9], [1]]:
    print(v, guarded(v))
