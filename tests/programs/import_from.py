# from-import binds names; re-binding does not affect the module
from mod_mathutils import square, gcd, PI_APPROX
from mod_state import add, total
import mod_state
print(square(5), gcd(12, 18), PI_APPROX)
print(add(5), add(7), total, mod_state.total, mod_state.items)
total = 99
print(mod_state.total)
from mod_state import total
print(total)
from mod_strutils import shout, banner, squares_str, fact_digits
print(shout("hey"), banner("mid", 11), squares_str(6), fact_digits(100))
import mod_strutils
print(mod_strutils.SEPARATOR, mod_strutils.mod_mathutils.square(3))
