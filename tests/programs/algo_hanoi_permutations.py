# recursion: towers of Hanoi, permutations, combinations, subsets
moves = []
def hanoi(n, src, dst, via):
    if n == 0:
        return
    hanoi(n - 1, src, via, dst)
    moves.append((n, src, dst))
    hanoi(n - 1, via, dst, src)
hanoi(3, "A", "C", "B")
print(len(moves), moves)
moves = []
hanoi(10, "L", "R", "M")
print(len(moves), moves[511], moves[-1])
def permutations(items):
    if len(items) <= 1:
        return [items[:]]
    out = []
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for p in permutations(rest):
            out.append([items[i]] + p)
    return out
perms = permutations([1, 2, 3])
print(len(perms), perms)
print(len(permutations(list("abcdef"))), "".join(permutations(list("abcd"))[-1]))
def combinations(items, k):
    if k == 0:
        return [[]]
    if len(items) < k:
        return []
    with_first = [[items[0]] + c for c in combinations(items[1:], k - 1)]
    return with_first + combinations(items[1:], k)
print(combinations([1, 2, 3, 4], 2), len(combinations(list(range(12)), 5)))
def next_perm(a):
    i = len(a) - 2
    while i >= 0 and a[i] >= a[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = len(a) - 1
    while a[j] <= a[i]:
        j -= 1
    a[i], a[j] = a[j], a[i]
    rest = a[i + 1:]
    k = 0
    for v in reversed(rest):
        a[i + 1 + k] = v
        k += 1
    return True
a = [1, 2, 2, 3]
seen = [a[:]]
while next_perm(a):
    seen.append(a[:])
print(len(seen), seen[:4], seen[-1])
