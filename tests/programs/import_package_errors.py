# every error of the import statement, with CPython's types, messages and
# attributes (name, path)
import sys
from mod_imputil import show, show_import_error

def attempt(label, f):
    try:
        f()
        print(label, "no error")
    except ImportError as e:
        print(label, end=" ")
        show_import_error(e)
    except Exception as e:
        print(label, end=" ")
        show(e)

# relative imports need a package
def rel1():
    from . import sibling
def rel2():
    from .mod_imputil import show
def rel3():
    from .. import anything
def rel4():
    from ..pkg import z
attempt("from . import x:", rel1)
attempt("from .m import y:", rel2)
attempt("from .. import x:", rel3)
attempt("from ..pkg import z:", rel4)

# missing modules and names
def missing_top():
    import imp_no_such_module
def missing_sub():
    import imp_pkg.no_such_sub
def missing_deep():
    import imp_pkg.inner.no_such.deeper
def missing_name():
    from imp_pkg import no_such_name
def missing_name_sub():
    from imp_pkg.sub import no_such_name
def missing_from_native():
    from sys import no_such_name
def missing_from_ns():
    from imp_ns import no_such_name
def missing_sub_from():
    from imp_pkg.no_such_sub import x
attempt("import top:", missing_top)
attempt("import pkg.sub:", missing_sub)
attempt("import pkg.a.b.c:", missing_deep)
attempt("from pkg import name:", missing_name)
attempt("from pkg.sub import name:", missing_name_sub)
attempt("from sys import name:", missing_from_native)
attempt("from namespace import name:", missing_from_ns)
attempt("from pkg.missing import x:", missing_sub_from)

# below a module that is not a package
def below_module():
    import imp_pkg.plain.x
def below_native():
    import sys.x
def below_native2():
    import os.path.x
attempt("import module.x:", below_module)
attempt("import sys.x:", below_native)
attempt("import os.path.x:", below_native2)

# a module that fails while it runs is not kept, and not set on its parent
def broken():
    import imp_pkg.broken
attempt("import pkg.broken:", broken)
print("imp_pkg.broken" in sys.modules, hasattr(sys.modules["imp_pkg"], "broken"))
attempt("import pkg.broken again:", broken)
def broken_from():
    from imp_pkg import broken
attempt("from pkg import broken:", broken_from)

# the exception objects
try:
    import imp_pkg.no_such_sub
except ModuleNotFoundError as e:
    print(type(e).__mro__[1].__name__, e.args, e.msg, e.name, e.path)
e = ImportError("message", name="n", path="p")
print(e.args, e.msg, e.name, e.path, str(e))
e = ModuleNotFoundError("a", "b")
print(e.args, e.msg, e.name, e.path)
e = ImportError()
print(e.args, e.msg, e.name, e.path)
e.name = "changed"
print(e.name)
try:
    ImportError("x", foo=1)
except TypeError as e:
    print("TypeError:", e)
try:
    ModuleNotFoundError(name="x", bar=2)
except TypeError as e:
    print("TypeError:", e)

class PluginMissing(ImportError):
    pass
e = PluginMissing("no plugin", name="plug", path="/p")
print(e.args, e.msg, e.name, e.path, isinstance(e, ImportError))
print(PluginMissing("a", "b").msg, PluginMissing().name)
try:
    PluginMissing("x", other=1)
except TypeError as e:
    print("TypeError:", e)

# an uncaught ModuleNotFoundError from inside a package
import imp_pkg.inner.nowhere
