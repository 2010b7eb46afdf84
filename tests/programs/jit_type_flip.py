# A compiled loop meets other types than it was compiled for: the guards
# leave for the interpreter, which goes on with the same locals.
def acc(n, step):
    total = 0
    for i in range(n):
        total = total + step
    return total


for _ in range(400):
    acc(100, 1)
print(acc(10, 1))
print(acc(10, 0.5))
print(acc(3, "ab") if False else "skip")
try:
    print(acc(3, "ab"))
except TypeError as e:
    print("TypeError:", e)
print(acc(4, 10**30))
print(acc(4, True))
print(acc(2**62 // 3, 0) if False else acc(5, -7))


def count(n):
    i = 0
    while i < n:
        i += 1
    return i


for _ in range(400):
    count(50)
print(count(10), count(2.5), count(-3))
