# helper module: arithmetic utilities
PI_APPROX = 3.14159
counter = 0
print("mod_mathutils loaded")


def square(x):
    return x * x


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def bump():
    global counter
    counter += 1
    return counter


def fact(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r
