# "Did you mean" for an instance of a Python class deriving from a C type:
# the candidates are its __dict__, the MRO's Python classes and the C
# type's methods, members and get-sets.
import checks


class P(checks.Pair):
    def hello(self):
        return "hello"


p = P(1, 2)
p.extra_value = 3
for name in ["helo", "extra_valu"]:
    try:
        getattr(p, name)
    except AttributeError as e:
        print("caught:", e)
print(p.hello(), p.extra_value, p.check())
p.chek()
