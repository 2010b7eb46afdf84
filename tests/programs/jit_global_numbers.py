# Globals that hold numbers (module-level constants) are speculated to be
# the number found when the loop was compiled; rebinding one, even to the
# same value of another type, takes effect at once.
import sys

SCALE = 3
RATE = 0.5
ON = True
BIG = 2**62


def scaled(n):
    t = 0
    for i in range(n):
        t += i * SCALE
    return t


def rated(n):
    x = 0.0
    for _ in range(n):
        x = x * RATE + 1.0
    return x


def gated(n):
    c = 0
    for i in range(n):
        if ON:
            c += 1
    return c


def big(n):
    t = 0
    for _ in range(n):
        t += BIG
    return t


def circle(n):
    a = 0.0
    for i in range(n):
        a += sys.maxsize * i + 0.5
    return a


def rebind_midway(n):
    global SCALE
    t = 0
    for i in range(n):
        if i == n // 2:
            SCALE = 3.0
        t += i * SCALE
    return t


for _ in range(300):
    scaled(5)
    rated(5)
    gated(5)
    big(1)
    circle(5)
print(scaled(10), rated(10), gated(10), big(3), circle(10))
SCALE = 4
RATE = 0.25
ON = False
BIG = -1
print(scaled(10), rated(10), gated(10), big(3))
SCALE = True
print(scaled(10))
SCALE = 3
print(rebind_midway(10), SCALE)
RATE = float("nan")
print(rated(3))
RATE = 0.5
print(rated(3))
