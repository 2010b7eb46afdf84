# warnings: warn, filters, catch_warnings, showwarning/formatwarning,
# the default output on stderr (once per location).
import sys
import warnings


def show(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except BaseException as e:
        print(label, "raised", type(e).__name__, e)


print(warnings.filters)
print(warnings.defaultaction)

# Default output: once per location, on stderr.
for i in range(3):
    warnings.warn("in a loop")
warnings.warn("category given", RuntimeWarning)
warnings.warn(DeprecationWarning("deprecated in main"))
warnings.warn("pending", PendingDeprecationWarning)
warnings.warn(UserWarning("an instance"))


def deep():
    warnings.warn("from deep, level 2", stacklevel=2)


def deeper():
    deep()


deeper()
warnings.warn("too deep", stacklevel=50)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn("one")
    warnings.warn("two", SyntaxWarning)
    warnings.warn(BytesWarning("three"))
    deeper()
    print(len(w))
    for m in w:
        print(type(m).__name__, repr(m.message), m.category.__name__,
              m.filename == __file__, m.lineno, m.line, m.file, m.source)
    print(str(w[0]).replace(__file__, "FILE"))
    print(isinstance(w[0].message, UserWarning), str(w[0].message))

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("ignore")
    warnings.warn("ignored")
    warnings.simplefilter("always", UserWarning)
    warnings.warn("shown")
    warnings.warn("ignored", RuntimeWarning)
    print([str(m.message) for m in w])

with warnings.catch_warnings():
    warnings.simplefilter("error")
    show("error", lambda: warnings.warn("now an error"))
    show("error category", lambda: warnings.warn("rt", RuntimeWarning))
    show("error instance", lambda: warnings.warn(FutureWarning("fw")))
    warnings.filterwarnings("ignore", category=RuntimeWarning)
    show("ignored rt", lambda: warnings.warn("rt", RuntimeWarning))

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.filterwarnings("error", message="bad")
    show("message filter", lambda: warnings.warn("bad thing"))
    show("message filter case", lambda: warnings.warn("BAD THING"))
    show("message filter no match", lambda: warnings.warn("a bad thing"))
    warnings.filterwarnings("ignore", module="__main__")
    warnings.warn("module ignored")
    print([str(m.message) for m in w])

# once and default and module
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("once")
    for i in range(3):
        warnings.warn("once msg")
    warnings.warn("once msg")
    warnings.warn("other")
    print("once:", [str(m.message) for m in w])

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("default")
    for i in range(3):
        warnings.warn("default msg")
    warnings.warn("default msg")
    print("default:", [(str(m.message), m.lineno) for m in w])

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("module")
    for i in range(3):
        warnings.warn("module msg")
    warnings.warn("module msg")
    print("module:", len(w))

# filters restored
print(warnings.filters == [f for f in warnings.filters])
print(len(warnings.filters))

# showwarning and formatwarning
print(repr(warnings.formatwarning("msg", UserWarning, "file.py", 12)))
print(repr(warnings.formatwarning("msg", UserWarning, "file.py", 12, "  code here  ")))
print(repr(warnings.formatwarning("msg", UserWarning, "file.py", 12, "")))

seen = []


def myshow(message, category, filename, lineno, file=None, line=None):
    seen.append((str(message), category.__name__, lineno, file, line))


with warnings.catch_warnings():
    warnings.simplefilter("always")
    warnings.showwarning = myshow
    warnings.warn("custom")
    warnings.warn("custom2", ResourceWarning)
print(seen)
print(warnings.showwarning is warnings._showwarning_orig if hasattr(warnings, "_showwarning_orig") else True)


class Out:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


o = Out()
warnings.showwarning("shown to file", UserWarning, "x.py", 3, o, "the line")
print(o.parts)


def myformat(message, category, filename, lineno, line=None):
    return "FORMATTED %s %s\n" % (message, category.__name__)


with warnings.catch_warnings():
    warnings.simplefilter("always")
    warnings.formatwarning = myformat
    warnings.warn("uses my format")
print("formatwarning restored:", warnings.formatwarning is not myformat)

# catch_warnings errors and repr
cw = warnings.catch_warnings(record=True)
print(repr(cw))
print(repr(warnings.catch_warnings()))
with cw:
    show("enter twice", lambda: cw.__enter__())
show("exit without enter", lambda: warnings.catch_warnings().__exit__(None, None, None))

# bad arguments
show("bad category", lambda: warnings.warn("x", int))
show("bad category obj", lambda: warnings.warn("x", "notaclass"))
show("bad action", lambda: warnings.simplefilter("loud"))
show("bad filter action", lambda: warnings.filterwarnings("nope"))
show("bad filter category", lambda: warnings.filterwarnings("ignore", category=int))
show("bad filter message", lambda: warnings.filterwarnings("ignore", message=3))
show("bad lineno", lambda: warnings.simplefilter("ignore", lineno=-1))

# warn_explicit
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn_explicit("explicit", UserWarning, "some/file.py", 7)
    warnings.warn_explicit("explicit2", RuntimeWarning, "other.py", 8, module="mymod",
                           registry={})
    for m in w:
        print(m.message, m.category.__name__, m.filename, m.lineno)

# lineno filters and append
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.simplefilter("ignore", lineno=999)
    warnings.simplefilter("error", append=True)
    warnings.warn("not line 999")
    print(len(w), warnings.filters[0][0], warnings.filters[0][4], warnings.filters[-1][0])

# resetwarnings: the default action shows everything once
with warnings.catch_warnings():
    warnings.resetwarnings()
    print(warnings.filters)
    warnings.warn("after reset", DeprecationWarning)
    warnings.warn("after reset", PendingDeprecationWarning)

print(__warningregistry__)
print(warnings.onceregistry)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("once")
    warnings.warn_explicit("explicit once", UserWarning, "f.py", 1)
    warnings.warn_explicit("explicit once", UserWarning, "g.py", 2)
    reg = {}
    warnings.warn_explicit("explicit once", UserWarning, "h.py", 3, registry=reg)
    warnings.warn_explicit("explicit once", UserWarning, "h.py", 4, registry=reg)
    print(len(w), warnings.onceregistry, reg)
    warnings.filters.insert(0, ("shout", None, Warning, None, 0))
    show("bad action in filters", lambda: warnings.warn("x"))

# Shown once more at the original location after filters changed
warnings.warn("final", stacklevel=1)
print("done", file=sys.stderr)
print(__warningregistry__)
