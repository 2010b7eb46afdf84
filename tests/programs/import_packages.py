# packages: import a.b.c (binds a), import a.b as x, from a.b import c
# (a submodule or an attribute), relative imports inside the package,
# module attributes, submodules set on their parent, namespace packages,
# dotted imports of native modules, imports in functions and classes
import sys
from mod_imputil import rel

print("main:", __name__, __package__, __spec__)

import imp_pkg.inner.deep
print(imp_pkg.__name__, imp_pkg.inner.__name__, imp_pkg.inner.deep.__name__)
print(imp_pkg.inner.deep.DEPTH, imp_pkg.inner.PARENT_VALUE, imp_pkg.inner.parent_helper())
print("imp_pkg" in dir(), "inner" in dir())

# a second import runs nothing
import imp_pkg
import imp_pkg.sub
print(imp_pkg.sub is sys.modules["imp_pkg.sub"], imp_pkg.sub.COUNT)

import imp_pkg.inner.deep as d
print(d.__name__, d is imp_pkg.inner.deep, d.VALUE, d.sub is imp_pkg.sub)
import imp_pkg.sub as s, imp_pkg as p
print(s.helper(), p is imp_pkg)

from imp_pkg import sub, helper, VALUE
print(sub.__name__, helper(), VALUE)
from imp_pkg.inner import deep, PARENT_VALUE as pv
print(deep.__name__, pv)
from imp_pkg.sub import helper as h2, COUNT
print(h2 is helper, COUNT)

# a submodule not imported by the package's __init__ is not an attribute
# until it is imported; then it is
print(hasattr(imp_pkg, "lazy"), "imp_pkg.lazy" in sys.modules)
from imp_pkg import lazy
print(hasattr(imp_pkg, "lazy"), imp_pkg.lazy is lazy, lazy.LAZY)
import imp_pkg.plain
print(imp_pkg.plain.PLAIN)

# module attributes
for m in (imp_pkg, imp_pkg.sub, imp_pkg.inner, imp_pkg.inner.deep):
    print(m.__name__, repr(m.__package__), rel(m.__file__), rel(getattr(m, "__path__", "-")))
    spec = m.__spec__
    print("   spec:", spec.name, repr(spec.parent), rel(spec.origin), rel(spec.submodule_search_locations), spec.has_location)
print(imp_pkg.__doc__, imp_pkg.sub.__doc__)
print(rel(repr(imp_pkg)), rel(repr(imp_pkg.inner.deep)))
print(sorted(k for k in vars(imp_pkg) if not k.startswith("__")))
print(type(imp_pkg).__name__, type(imp_pkg.__dict__).__name__, imp_pkg.__dict__ is vars(imp_pkg))
import mod_imputil
print(repr(mod_imputil.__package__), mod_imputil.__spec__.parent == "", rel(mod_imputil.__spec__.origin))

# namespace packages: directories without __init__.py
import imp_ns.deeper.leaf
print(imp_ns.deeper.leaf.LEAF, imp_ns.portion.__name__, imp_ns.__file__)
print([rel(p) for p in imp_ns.__path__], [rel(p) for p in imp_ns.deeper.__path__])
print(imp_ns.__package__, imp_ns.deeper.__package__, imp_ns.__spec__.origin)
from imp_ns import portion
print(portion is imp_ns.portion, portion.deeper is imp_ns.deeper)

# native modules: os.path is a submodule of os, as CPython's sys.modules has it
import os.path
print(os.path is sys.modules["os.path"], os.path.join("a", "b"))
import os.path as osp
print(osp is os.path)
from os.path import join, basename
print(join("x", "y"), basename("/a/b.txt"))
from os import path
print(path is os.path)
print(repr(sys), sys.__spec__.name, sys.__spec__.origin, sys.__package__ == "")

# imports in functions and class bodies bind local names
def load():
    import imp_pkg.inner
    from imp_pkg.sub import helper as hh
    import imp_pkg.inner.deep as dd
    return imp_pkg.__name__, hh(), dd.DEPTH

print(load(), load())

class Holder:
    import imp_pkg.sub
    from imp_pkg import VALUE as value

print(Holder.imp_pkg is imp_pkg, Holder.value)

# the usual optional-dependency idiom
try:
    import imp_pkg.not_there as optional
except ImportError:
    optional = None
print(optional)

# a submodule may shadow an attribute of its package's name: the import
# sets the attribute to the module
imp_pkg.plain = "replaced"
import imp_pkg.plain
print(imp_pkg.plain)
del sys.modules["imp_pkg.plain"]
import imp_pkg.plain
print(type(imp_pkg.plain).__name__)

# a hot function with imports inside its loop
def hot(n):
    total = 0
    for i in range(n):
        total += i
        if i % 100 == 99:
            from imp_pkg.sub import COUNT
            import imp_pkg.inner.deep as dd
            import os.path
            total += COUNT + dd.DEPTH + len(os.path.sep)
    return total

print([hot(k) for k in (10, 1000, 3000)])
