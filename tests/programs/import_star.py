# from m import *: __all__ when the module has one, else the public names
# of its dict; in a package, submodules named in __all__ are imported
from mod_imputil import show

before = set(globals())
from mod_star_all import *
print(sorted(set(globals()) - before - {"before"}))
print(public, _chosen)

before = set(globals())
from mod_star_plain import *
print(sorted(set(globals()) - before - {"before"}))
print(plain, func(), Klass.__name__, os.sep)

before = set(globals())
from imp_pkg import *
print(sorted(set(globals()) - before - {"before"}))
print(VALUE, sub.__name__, helper(), lazy.LAZY)

from os.path import *
print(join("a", "b"), "sep" in globals())

try:
    from mod_star_bad import *
except TypeError as e:
    show(e)
print(ok)
try:
    from mod_star_missing import *
except AttributeError as e:
    show(e)
print(present)

# exec'd code with its own namespace takes the names there
ns = {}
exec("from mod_star_all import *", ns)
print(sorted(k for k in ns if k != "__builtins__"))
g = {}
l = {}
exec("from mod_star_plain import *", g, l)
print(sorted(k for k in g if k != "__builtins__"), sorted(l))

# an object in sys.modules without __dict__ or __all__
import sys
sys.modules["imp_star_odd"] = 5
try:
    exec("from imp_star_odd import *")
except ImportError as e:
    show(e)
class WithAll:
    __all__ = ("real",)
    real = "real from a class"
sys.modules["imp_star_obj"] = WithAll
exec("from imp_star_obj import *")
print(real)
