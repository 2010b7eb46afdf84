# import a helper module and use its attributes
import mod_mathutils
print(mod_mathutils.square(12), mod_mathutils.gcd(84, 36), mod_mathutils.PI_APPROX)
print(mod_mathutils.fact(25))
print(mod_mathutils.bump(), mod_mathutils.bump(), mod_mathutils.counter)
import mod_mathutils
print("second import does not re-run module code", mod_mathutils.counter)
mod_mathutils.counter = 100
print(mod_mathutils.bump())
f = mod_mathutils.square
print(f(9), [mod_mathutils.square(i) for i in range(5)])
def use_in_function():
    return mod_mathutils.gcd(2 ** 40, 6 ** 20)
print(use_in_function())
