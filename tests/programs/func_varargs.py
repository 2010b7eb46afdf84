# *args parameters and f(*lst) calls
def total(*args):
    s = 0
    for a in args:
        s += a
    return s
print(total(), total(1), total(1, 2, 3), total(*[4, 5, 6]), total(*range(10)))
def show(first, *rest):
    return [first, rest, len(rest), type(rest).__name__]
print(show(1), show(1, 2), show(1, 2, 3), show(*"abc"), show(*(9,)))
def with_default(a, b=2, *args):
    return (a, b, args)
print(with_default(1), with_default(1, 5), with_default(1, 5, 6, 7), with_default(*[0, 1, 2]))
def pass_through(*args):
    return total(*args) * 2
print(pass_through(1, 2, 3))
def mx(*vals):
    if not vals:
        return None
    best = vals[0]
    for v in vals[1:]:
        if v > best:
            best = v
    return best
print(mx(), mx(3, 9, 2), mx(*"hello"))
def pair(a, b):
    return a * 10 + b
args = [4, 2]
print(pair(*args), pair(*(1, 2)), pair(*"12"), pair(1, *[5]))
print(max(*[3, 8, 1]), min(*"zyx"), print(*[1, 2, 3], sep="-"))
print(*range(5))
print(*[])
print(*"abc", sep="")
try:
    pair(*[1, 2, 3])
except TypeError as e:
    print("TypeError:", e)
