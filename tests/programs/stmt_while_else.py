# while loops with else, break and continue
i = 0
while i < 5:
    i += 1
else:
    print("while finished normally, i =", i)
i = 0
while i < 10:
    if i == 3:
        print("breaking at", i)
        break
    i += 1
else:
    print("not printed")
i = 0
while i < 10:
    i += 1
    if i % 2:
        continue
    print("even", i)
else:
    print("else after continue loop")
while False:
    print("never")
else:
    print("else of never-run loop")
n = 27
steps = 0
while n != 1:
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    steps += 1
print("collatz steps", steps)
outer = 0
while outer < 3:
    inner = 0
    while True:
        inner += 1
        if inner > outer:
            break
    print("outer", outer, "inner", inner)
    outer += 1
lst = [1, 2, 3]
while lst:
    print(lst.pop())
def find(items, target):
    i = 0
    while i < len(items):
        if items[i] == target:
            break
        i += 1
    else:
        return -1
    return i
print(find([4, 5, 6], 6), find([4, 5, 6], 7))
