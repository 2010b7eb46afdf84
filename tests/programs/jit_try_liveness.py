# A local stored in a try body is read by its handler: compiled code keeps
# it live (and writes it back) wherever an exception can leave.
def last_ok(values, f):
    ok = -1
    for v in values:
        try:
            r = f(v)
            ok = v
        except ZeroDivisionError:
            return ok, "stopped at", v
    return ok, "all", r


def inv(v):
    return 10 // v


for _ in range(300):
    last_ok([1, 2, 3], inv)
print(last_ok([5, 4, 3, 0, 2], inv))
print(last_ok([0], inv))
print(last_ok([7, 8], inv))
