# A for loop's target unpacking: the target is marked.
pairs = [(1, 2), (3, 4), (5, 6, 7)]
for a, b in pairs:
    print(a + b)
