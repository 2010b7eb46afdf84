# Results too big to make: a repeat past the machine's memory is a
# MemoryError at once (not a process filling memory until it is killed),
# past the largest size an OverflowError or MemoryError as CPython says;
# ints past the 4300-digit limit refuse to become strings.

makers = [
    ("str * 10**15", lambda: "ab" * 10**15),
    ("list * 10**15", lambda: [0] * 10**15),
    ("tuple * 10**15", lambda: (1, 2) * 10**15),
    ("str * 2**62", lambda: "ab" * 2**62),
    ("list * 2**62", lambda: [1, 2] * 2**62),
]
for name, make in makers:
    try:
        make()
        print(name, "made")
    except (MemoryError, OverflowError) as e:
        print(name, type(e).__name__, e)

print(repr("x" * 0), repr("abc" * -1), "é" * 3, len("héllo" * 100001))
print([1, 2] * 2, (3,) * 3, [] * 5, [1] * 0, 2 * "ab")

print(len(str(10**4299)), str(-(10**4299))[:3], len(repr(-(10**4299))))
for v in (10**4300, -(10**4300), 10**5000):
    for conv in (str, repr, lambda x: f"{x}"):
        try:
            print(len(conv(v)))
        except ValueError as e:
            print("ValueError:", e)
