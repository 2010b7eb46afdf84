# Results whose size the program chooses and no machine has memory for
# raise MemoryError (with no arguments), and the program goes on.
def attempt(name, f):
    try:
        f()
    except MemoryError as e:
        print(name, type(e).__name__, e.args, repr(str(e)))


n = 10**12
attempt("ljust", lambda: "a".ljust(n))
attempt("rjust", lambda: "a".rjust(n, "é"))
attempt("center", lambda: "a".center(n))
attempt("zfill", lambda: "-1".zfill(n))
attempt("format int", lambda: f"{1:{n}}")
attempt("format str", lambda: format("x", str(n)))
attempt("format float", lambda: format(1.5, f">{n}"))
attempt("repeat str", lambda: "ab" * n)
attempt("repeat list", lambda: [0] * n)
print("still running", "-5".zfill(6), "ab".center(7, "*"), "é".rjust(3, "ü"))
attempt("list of range", lambda: list(range(n)))
attempt("tuple of range", lambda: tuple(range(n)))
print(list(range(3)), tuple(range(5, 0, -2)), list(range(0)))
attempt("shift", lambda: 1 << n)
attempt("shift 2**62", lambda: 3 << 2**62)
try:
    1 << 2**70
except OverflowError as e:
    print("shift 2**70", type(e).__name__, e)
print((3 << 100), -5 << 3, 0 << 10**30, (1 << 10**5) % 1000007)
