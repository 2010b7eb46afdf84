# binary search variants
def bsearch(a, x):
    lo, hi = 0, len(a) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if a[mid] == x:
            return mid
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1
def lower_bound(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo
def upper_bound(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] <= x:
            lo = mid + 1
        else:
            hi = mid
    return lo
a = [i * 3 for i in range(100)]
print([bsearch(a, x) for x in [0, 3, 297, 150, 151, -1, 300]])
b = [1, 2, 2, 2, 3, 5, 5, 8]
for x in [0, 1, 2, 4, 5, 8, 9]:
    print(x, lower_bound(b, x), upper_bound(b, x), upper_bound(b, x) - lower_bound(b, x))
def int_sqrt(n):
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid * mid <= n:
            lo = mid
        else:
            hi = mid - 1
    return lo
print(int_sqrt(0), int_sqrt(15), int_sqrt(16), int_sqrt(10 ** 40 + 12345), int_sqrt(2 ** 127))
def bisect_root(f, lo, hi, iters):
    for _ in range(iters):
        mid = (lo + hi) / 2
        if f(lo) * f(mid) <= 0:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2
print(bisect_root(lambda x: x * x - 2, 0.0, 2.0, 60), bisect_root(lambda x: x ** 3 - x - 1, 1.0, 2.0, 60))
print(bsearch([], 5), bsearch(["apple", "kiwi", "pear"], "kiwi"))
