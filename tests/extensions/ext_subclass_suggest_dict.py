# "Did you mean" finds a name in the __dict__ of an instance of a Python
# class deriving from a C type.
import checks


class P(checks.Pair):
    pass


p = P(1, 2)
p.extra_value = 3
print(p.extra_value)
print(p.extra_valu)
