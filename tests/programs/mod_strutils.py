# helper module that itself imports another helper
import mod_mathutils
from mod_mathutils import square

SEPARATOR = "-"


def shout(s):
    return s.upper() + "!"


def banner(s, width):
    pad = width - len(s)
    left = pad // 2
    return SEPARATOR * left + s + SEPARATOR * (pad - left)


def squares_str(n):
    return ",".join([str(square(i)) for i in range(n)])


def fact_digits(n):
    return len(str(mod_mathutils.fact(n)))
