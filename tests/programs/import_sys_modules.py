# sys.modules is a real dict the import system reads and programs change;
# sys.path; __import__ and importlib.import_module
import sys
import importlib
from mod_imputil import show, rel

print(type(sys.modules).__name__, sys.modules["sys"] is sys, sys.modules["__main__"].__name__)
print("mod_replacer" in sys.modules, type(sys.path).__name__)

# whatever sys.modules holds is what import gives
class Fake:
    attr = "fake attr"
    def __repr__(self):
        return "<Fake>"

sys.modules["imp_fake"] = Fake()
import imp_fake
print(imp_fake, imp_fake.attr)
from imp_fake import attr
print(attr)
try:
    import imp_fake.sub
except ImportError as e:
    show(e)
try:
    from imp_fake import missing
except ImportError as e:
    show(e)
del sys.modules["imp_fake"]
try:
    import imp_fake
except ImportError as e:
    show(e)

# None in sys.modules stops the import
sys.modules["imp_blocked"] = None
for f in ("import imp_blocked", "from imp_blocked import x", "import imp_blocked.sub"):
    try:
        exec(f)
    except ImportError as e:
        print(type(e).__name__, e, e.name)
del sys.modules["imp_blocked"]

# a module may replace itself in sys.modules
import mod_replacer
print(mod_replacer, mod_replacer.answer, sys.modules["mod_replacer"] is mod_replacer)

# a module put in sys.modules under a dotted name is found as a submodule
import imp_pkg
sys.modules["imp_pkg.virtual"] = Fake()
import imp_pkg.virtual
from imp_pkg import virtual
print(virtual, hasattr(imp_pkg, "virtual"))

# removed from sys.modules, a module runs again on the next import
old_sub = imp_pkg.sub
del sys.modules["imp_pkg.sub"]
import imp_pkg.sub
print(imp_pkg.sub is old_sub, sys.modules["imp_pkg.sub"] is imp_pkg.sub)
del sys.modules["imp_pkg"]
import imp_pkg as again
print(again is imp_pkg, again.VALUE)
import imp_pkg

# module __getattr__ (PEP 562)
import mod_lazyattr
print(mod_lazyattr.EAGER, mod_lazyattr.dyn_x)
from mod_lazyattr import dyn_y
print(dyn_y)
try:
    from mod_lazyattr import other
except ImportError as e:
    show(e)
try:
    mod_lazyattr.other
except AttributeError as e:
    show(e)

# __import__
print(__import__("imp_pkg.inner.deep").__name__)
print(__import__("imp_pkg.inner.deep", fromlist=["x"]).__name__)
print(__import__("imp_pkg.inner", globals(), None, ["deep", "no_such_sub"], 0).__name__)
print(__import__("sub", {"__package__": "imp_pkg"}, None, ["helper"], 1).__name__)
print(__import__("sub", {"__name__": "imp_pkg.inner"}, None, [], 1).__name__)
print(__import__("", {"__name__": "imp_pkg", "__path__": []}, None, [], 1).__name__)
print(__import__("inner.deep", {"__package__": "imp_pkg"}, None, None, 1).__name__)
print(__import__(name="os.path", fromlist=("join",)).__name__)
print(__import__("imp_pkg", fromlist=["*"]).__name__, hasattr(imp_pkg, "lazy"))
for args, kw in [
    ((1,), {}),
    (("",), {}),
    (("x", None, None, None, -1), {}),
    (("x", None, None, None, 1), {}),
    (("x", {}, None, None, 1), {}),
    (("x", 5, None, None, 1), {}),
    (("x", {"__package__": 5}, None, None, 1), {}),
    (("x", {"__spec__": None, "__name__": 3}, None, None, 1), {}),
    (("x", {"__name__": "top"}, None, None, 1), {}),
    (("x", {"__package__": "imp_pkg"}, None, None, 3), {}),
    (("imp_pkg", None, None, [1]), {}),
    (("x", None, None, None, 1.5), {}),
    ((), {}),
    (("x",), {"bad": 1}),
]:
    try:
        print(__import__(*args, **kw))
    except Exception as e:
        show(e)

# importlib.import_module returns the module itself
print(importlib.import_module("imp_pkg.inner.deep").__name__)
print(importlib.import_module(".sub", "imp_pkg").__name__)
print(importlib.import_module("..sub", "imp_pkg.inner").__name__)
print(importlib.import_module("os.path") is sys.modules["os.path"])
print(importlib.invalidate_caches())
for args in [(1,), ("",), (".x",), (".x", 5), (".x", ""), ("..x", "imp_pkg"), ("sys.x",), ("imp_nothing",)]:
    try:
        print(importlib.import_module(*args))
    except Exception as e:
        show(e)
for f, a in [(importlib.invalidate_caches, (1,)), (importlib.import_module, ())]:
    try:
        f(*a)
    except TypeError as e:
        show(e)
print(type(importlib).__name__, importlib.__name__)
