# Loops that get hot in a call that runs once go on in code compiled for
# that call from the loop header (on-stack replacement): whatever the
# locals hold then, and whatever the loop does next, the results are
# CPython's.
SCALE = 3


def rebinds(n):
    # A global rebound in the middle of the compiled loop is seen at once.
    global SCALE
    t = 0
    for i in range(n):
        t += i * SCALE
        if i == n // 2:
            SCALE = 5
    return t


def changes_type(n):
    x = 0
    i = 0
    while i < n:
        x += i
        if i == 3000:
            x = x / 7
        i += 1
    return x


def after_the_loop(n):
    last = None
    for i in range(n):
        last = i
    else:
        done = "else ran"
    return last, done, i


def nested(n):
    t = 0
    for i in range(20):
        for j in range(n):
            if j % 7 == 0:
                continue
            t += i ^ j
    return t


def with_finally(n):
    log = []
    t = 0
    for i in range(n):
        try:
            t += i % 11
            if i == n - 1:
                raise KeyError(i)
        except KeyError as e:
            log.append(repr(e))
        finally:
            t += 1
    return t, log


def big_numbers(n):
    t = 2 ** 62
    for i in range(n):
        t += i       # goes past 2**63 in compiled code
    return t, type(t).__name__


def stepped(n):
    t = 0
    for i in range(n, 0, -3):
        t += i
    return t


def unbound_until_late(n):
    for i in range(n):
        if i == n - 1:
            found = i
    return found


def reads_unbound(n):
    try:
        for i in range(n):
            if i > n - 2:
                return missing
            missing = None if i < n - 10 else i
    except UnboundLocalError as e:
        return "unbound"
    return "no"


print(rebinds(6000), SCALE)
print(changes_type(6000))
print(after_the_loop(5000))
print(nested(3000))
print(with_finally(4000))
print(big_numbers(4000))
print(stepped(20000))
print(unbound_until_late(5000))
print(reads_unbound(5000))

# A loop at module level stays in the interpreter, with the same result.
total = 0
for k in range(5000):
    total += k * SCALE
print(total)
