# `module.name` and `module.func(...)` in loops (the hot loop takes both,
# and a module global followed by its attribute as one step): rebinding
# the attribute, the module global, or deleting the attribute mid-loop
# takes effect at once.
import mod_mathutils


def consts(n):
    t = 0.0
    for i in range(n):
        t += mod_mathutils.PI_APPROX
    return t


def calls(n):
    t = 0
    for i in range(n):
        t += mod_mathutils.square(i)
    return t


def rebind_attr(n):
    t = 0
    for i in range(n):
        if i == n // 2:
            mod_mathutils.square = lambda x: -x
        t += mod_mathutils.square(i)
    return t


class Fake:
    PI_APPROX = 100

    @staticmethod
    def gcd(a, b):
        return 7


def rebind_global(n):
    global mod_mathutils
    saved = mod_mathutils
    t = 0
    for i in range(n):
        if i == n // 2:
            mod_mathutils = Fake
        t += mod_mathutils.gcd(12, 18) + mod_mathutils.PI_APPROX
    mod_mathutils = saved
    return t


def delete_attr(n):
    t = 0
    for i in range(n):
        if i == n - 3:
            del mod_mathutils.gcd
        t += mod_mathutils.gcd(i, 6)
    return t


print(consts(50))
print(calls(50))
print(rebind_attr(50))
print(rebind_global(50))
print(mod_mathutils.bump(), mod_mathutils.bump(), mod_mathutils.counter)
try:
    delete_attr(40)
except AttributeError as e:
    print("AttributeError:", e)
