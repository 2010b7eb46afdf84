# quicksort and mergesort on pseudo-random data
def lcg(seed):
    state = [seed]
    def nxt():
        state[0] = (state[0] * 1103515245 + 12345) % 2147483648
        return state[0]
    return nxt
rand = lcg(2024)
data = [rand() % 1000 for _ in range(300)]
def quicksort(a):
    if len(a) <= 1:
        return a
    pivot = a[len(a) // 2]
    less = [x for x in a if x < pivot]
    equal = [x for x in a if x == pivot]
    greater = [x for x in a if x > pivot]
    return quicksort(less) + equal + quicksort(greater)
def quicksort_inplace(a, lo, hi):
    if lo >= hi:
        return
    p = a[hi]
    i = lo
    for j in range(lo, hi):
        if a[j] < p:
            a[i], a[j] = a[j], a[i]
            i += 1
    a[i], a[hi] = a[hi], a[i]
    quicksort_inplace(a, lo, i - 1)
    quicksort_inplace(a, i + 1, hi)
def mergesort(a):
    if len(a) <= 1:
        return a[:]
    mid = len(a) // 2
    left = mergesort(a[:mid])
    right = mergesort(a[mid:])
    out = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    out.extend(left[i:])
    out.extend(right[j:])
    return out
q = quicksort(data)
m = mergesort(data)
c = data[:]
quicksort_inplace(c, 0, len(c) - 1)
print(q[:15])
print(q[-15:])
print(q == m == c == sorted(data), len(q), sum(q))
words = "the quick brown fox jumps over the lazy dog again and again".split()
print(mergesort(words))
print(quicksort([3.5, -1.0, 2.25, 0.0, -0.5]))
