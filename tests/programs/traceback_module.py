# The traceback module, sys.exc_info() and exc.__traceback__: the handled
# exception formatted or printed as the interpreter prints an uncaught one.
import os
import sys
import traceback

HERE = os.path.basename(__file__)


def show(text):
    # CPython names this file by its absolute path.
    print(text.replace(__file__, HERE), end="")


def inner(x):
    return 10 // x


def outer(x):
    return inner(x) + 1


print(sys.exc_info())
try:
    outer(0)
except ZeroDivisionError as e:
    t, v, tb = sys.exc_info()
    print(t, repr(v), type(tb).__name__, v is e)
    print(tb.tb_lineno, tb.tb_next.tb_lineno, tb.tb_next.tb_next.tb_lineno)
    print(tb.tb_next.tb_next.tb_next)
    print(e.__traceback__.tb_lineno)
    show(traceback.format_exc())
    traceback.print_exc()
    parts = traceback.format_exception(e)
    print(len(parts))
    for p in parts:
        show(repr(p) + "\n")
    print(traceback.format_exception_only(e))
    print(traceback.format_exception_only(type(e), e))
    traceback.print_exception(t, v, tb)
    traceback.print_exception(t, v, tb.tb_next)
    traceback.print_exception(t, v, None)
    traceback.print_exception(e, limit=1)
    traceback.print_exception(e, limit=-1)
    traceback.print_exception(e, limit=0)
    for p in traceback.format_tb(tb):
        show(repr(p) + "\n")
    traceback.print_tb(tb, limit=2)

# Nothing handled any more.
print(repr(traceback.format_exc()))
print(traceback.format_exception(None))
print(RuntimeError("x").__traceback__)


def chained():
    try:
        {}["k"]
    except KeyError as e:
        raise ValueError("bad") from e


try:
    chained()
except ValueError:
    for line in traceback.format_exc().splitlines():
        show("| " + line + "\n")
    show(traceback.format_exc(chain=False))
    parts = traceback.format_exception(*sys.exc_info())
    print([p for p in parts if not p.startswith("  File")])

try:
    try:
        1 / 0
    except ZeroDivisionError:
        undefined_name
except NameError:
    traceback.print_exc()
    print(len(traceback.format_exception(*sys.exc_info(), chain=False)))


def deep(n):
    if n == 0:
        raise KeyError("bottom")
    deep(n - 1)


try:
    deep(6)
except KeyError:
    traceback.print_exc()

try:
    compile("x = (", "<src>", "exec")
except SyntaxError as e:
    print(traceback.format_exception_only(e))

for bad in [lambda: traceback.format_exception(5),
            lambda: traceback.print_exception(ValueError, ValueError("v")),
            lambda: traceback.format_exc(limit="x"),
            lambda: traceback.format_exc(limit=1.5)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    raise OSError(2, "gone")
except OSError:
    traceback.print_exc()
# OSError itself picks the subclass for the errno.
for args in [(2, "x"), (13, "x", "f"), (32, "x"), (17, "x"), (2,), ("2", "x"),
             (999, "x"), (2, "x", None, None, None, 9), (1, "x", "a", None, "b"),
             (2, "x", None)]:
    e = OSError(*args)
    print(type(e).__name__, e.errno, e, e.args)
e = FileNotFoundError(2, "x", "f")
print(e.args, e.filename, e)


class Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


try:
    outer(0)
except ZeroDivisionError:
    sink = Sink()
    traceback.print_exc(file=sink)
    show("".join(sink.parts))
print("end")
