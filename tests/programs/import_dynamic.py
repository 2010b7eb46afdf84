# a package tree written under a temporary directory while the program
# runs, found through sys.path: entries added, removed and replaced,
# modules rewritten and imported again, namespace packages spread over two
# directories, a package next to a module of the same name
import os
import sys
import importlib

base = os.path.join(os.environ.get("TMPDIR", "/tmp"), "typhon-imports-%d" % os.getpid())
other = base + "-other"


def rel(text):
    return str(text).replace(other, "<other>").replace(base, "<base>")


def write(root, path, text):
    full = os.path.join(root, path)
    d = os.path.dirname(full)
    if not os.path.isdir(d):
        os.makedirs(d)
    with open(full, "w") as f:
        f.write(text)


def remove_tree(d):
    for name in os.listdir(d):
        p = os.path.join(d, name)
        if os.path.isdir(p):
            remove_tree(p)
        else:
            os.remove(p)
    os.rmdir(d)


def attempt(code):
    try:
        exec(code, globals())
    except Exception as e:
        print(code, "->", type(e).__name__ + ":", rel(e))


write(base, "dynpkg/__init__.py", "from .a import A\nprint('dynpkg runs', __name__)\n")
write(base, "dynpkg/a.py", "A = 'a1'\n")
write(base, "dynpkg/sub/__init__.py", "")
write(base, "dynpkg/sub/b.py", "from ..a import A\nfrom . import __name__ as here\nB = A + '-b in ' + here\n")
write(base, "dynmod.py", "print('dynmod runs')\nX = 1\n")
write(base, "both/__init__.py", "KIND = 'package'\n")
write(base, "both.py", "KIND = 'module'\n")
write(base, "nsp/one.py", "ONE = 1\n")
write(other, "nsp/two.py", "TWO = 2\n")
write(base, "mixed/ignored.py", "")
write(other, "mixed/__init__.py", "WHERE = 'other'\n")
write(base, "badsyntax.py", "x = 1\ny = (\n")
write(base, "badinit/__init__.py", "raise ValueError('init fails')\n")
write(base, "badinit/fine.py", "")
write(base, "only_here.py", "HERE = True\n")

attempt("import dynpkg")
sys.path.insert(0, base)
sys.path.insert(1, 42)
sys.path.append(other)
import dynpkg
print(dynpkg.A, rel(dynpkg.__file__), rel(dynpkg.__path__))
import dynpkg.sub.b
print(dynpkg.sub.b.B, dynpkg.sub.__package__, rel(dynpkg.sub.b.__spec__.origin))

import dynmod
print(dynmod.X)
write(base, "dynmod.py", "print('dynmod runs again')\nX = 'the second version'\n")
importlib.invalidate_caches()
import dynmod
print(dynmod.X)
del sys.modules["dynmod"]
import dynmod
print(dynmod.X)

import both
print(both.KIND, rel(both.__file__))

import nsp.one
import nsp.two
print(nsp.one.ONE, nsp.two.TWO, [rel(p) for p in nsp.__path__], nsp.__file__)
import mixed
print(mixed.WHERE, rel(mixed.__file__))

try:
    import badsyntax
except SyntaxError as e:
    print(type(e).__name__, e.msg, e.lineno, rel(e.filename))
print("badsyntax" in sys.modules)
attempt("import badinit")
attempt("import badinit.fine")
print("badinit" in sys.modules, "badinit.fine" in sys.modules)

# sys.path as the program changes it
sys.path.remove(base)
attempt("import only_here")
saved = sys.path
sys.path = [base]
import only_here
print(only_here.HERE)
sys.path = saved
sys.path.remove(42)
sys.path.remove(other)
print(base in sys.path, other in sys.path)

remove_tree(base)
remove_tree(other)
print(os.path.exists(base), os.path.exists(other))
