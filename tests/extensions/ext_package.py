# C extension modules inside packages: pkg/_speedups.<suffix> is imported
# as pkg._speedups (its PyInit__speedups runs and the module is named by
# its full name), relative imports reach it, and a multi-phase module
# copied into a package is named by its spec. The builds are copied from
# where this interpreter finds them into a package made under a temporary
# directory.
import os
import sys

base = os.path.join(os.environ.get("TMPDIR", "/tmp"), "typhon-extpkg-%d" % os.getpid())


def find(stem):
    """The build of extension `stem` on sys.path, and its file suffix."""
    for d in sys.path:
        if not d or not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            if f.startswith(stem + ".") and f.endswith(".so"):
                return os.path.join(d, f), f[len(stem):]
    raise SystemExit("no build of " + stem)


speedups, suffix = find("_speedups")
phases, phases_suffix = find("phases")


def rel(text):
    return str(text).replace(base, "<base>").replace(suffix, "<suffix>")


def write(path, data):
    full = os.path.join(base, path)
    if not os.path.isdir(os.path.dirname(full)):
        os.makedirs(os.path.dirname(full))
    with open(full, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def copy(src, path):
    with open(src, "rb") as f:
        write(path, f.read())


write("spd/__init__.py", "from ._speedups import scale, made_in\nfrom . import helper\n")
write("spd/helper.py", "HELP = 'helper module'\n")
write("spd/sub/__init__.py", "")
copy(speedups, "spd/_speedups" + suffix)
copy(speedups, "spd/sub/_speedups" + suffix)
copy(phases, "spd/phases" + phases_suffix)
sys.path.insert(0, base)

import spd._speedups
m = spd._speedups
print(m.__name__, m.own_name(), m.made_in, m.scale(6, 7), spd.scale(2, 3))
print(repr(m.__package__), rel(m.__file__), m.__spec__.name, repr(m.__spec__.parent))
print(rel(repr(m)), m.__doc__)
print(m is sys.modules["spd._speedups"], spd.made_in, hasattr(m, "__path__"))
from spd import _speedups as again
print(again is m)
from spd._speedups import scale
print(scale(3, 3))
helper = m.import_module("spd.helper")
print(helper.__name__, helper.HELP, helper is spd.helper)
print(m.import_module("spd").__name__)

import spd.sub._speedups
print(spd.sub._speedups.own_name(), spd.sub._speedups is m, spd.sub._speedups.scale(1, 5))

import spd.phases
print(spd.phases.__name__, spd.phases.__doc__, spd.phases.order, spd.phases.bump())

try:
    import spd._speedups.inner
except ImportError as e:
    print(type(e).__name__, e)
try:
    from spd._speedups import nothing
except ImportError as e:
    print(type(e).__name__, rel(e))
try:
    import spd._nothing
except ImportError as e:
    print(type(e).__name__, e, e.name)

sys.path.remove(base)
for path in ["spd/_speedups" + suffix, "spd/sub/_speedups" + suffix, "spd/phases" + phases_suffix,
             "spd/sub/__init__.py", "spd/__init__.py", "spd/helper.py"]:
    os.remove(os.path.join(base, path))
for d in ["spd/sub/__pycache__", "spd/__pycache__", "spd/sub", "spd", ""]:
    p = os.path.join(base, d)
    if os.path.isdir(p):
        for f in os.listdir(p):
            os.remove(os.path.join(p, f))
        os.rmdir(p)
print(os.path.exists(base))
