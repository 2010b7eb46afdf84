# A function whose body starts with a loop: the first block is a join, so
# compiled code enters it through the loads (and type guards) any edge
# from unknown slots takes.


def count_up(n):
    while n < 10:
        n += 1
    return n


def halve(x):
    while x > 1.0:
        x = x / 2
    return x


def mixed(n):
    while n:
        n -= 1
    return n


print(count_up(0), count_up(20), count_up(-5))
print(halve(1000.0), halve(0.5))
# The guard on entry: the same function with another type.
print(count_up(2.5), halve(7))
print(mixed(5), mixed(0), mixed(True))
for i in range(3):
    print(count_up(i), halve(float(i)))
