# A C function's result that stays an object as a value (a tuple, an
# instance of a C type, an object given back) is stored by compiled code
# itself, taking over its reference; ints, floats, bools and strs C made
# still take the checked path (a value unboxes them, a str may need its
# text synced), and so does any result with an exception set (CPython's
# SystemError) or with a warning queued (shown, then the result is the
# call's value).
import checks
import warnext


def tuples(n):
    total = 0
    last = None
    for i in range(n):
        t = checks.args_of(i, [i, i], "s")
        total += t[0] + len(t[1])
        last = t
    return total, last


def instances(n):
    p = checks.Pair(2, "b")
    seen = 0
    s = None
    for i in range(n):
        q = p.scaled(i % 4)
        s = q.swap()
        seen += s[1] + checks.pair_a(q)
    return seen, s


def mixed(n):
    # One call site, results of every kind: objects stored here, the rest
    # through the helper.
    items = [(1, 2), 7, 2.5, None, True, "text", [3], checks.Pair(5, 6), 2**70, -1]
    out = []
    for i in range(n):
        r = checks.same(items[i % len(items)])
        if i >= n - len(items):
            out.append(r)
    return [type(r).__name__ for r in out], out[:7]


def strings(n):
    words = ["ab0", "cd1", "ef2"]
    out = []
    for i in range(n):
        out.append(checks.upper_ascii(words[i % 3]))
    return out[-3:], len(out)


def with_warnings(n):
    got = []
    for i in range(n):
        got.append(warnext.warn_value([i % 3]))
    return len(got), got[-3:]


def with_error(n):
    seen = 0
    for i in range(n):
        try:
            checks.tuple_with_error()
        except SystemError as e:
            seen += 1
            msg = str(e)
    return seen, msg


print(tuples(3000))
print(instances(3000))
print(mixed(3000))
print(strings(3000))
print(with_warnings(3000))
print(with_error(3000))
