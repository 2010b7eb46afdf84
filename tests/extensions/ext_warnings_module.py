# Warnings issued by C code go through the `warnings` module once it is
# imported: its filters, catch_warnings(record=True), showwarning, and an
# "error" filter turning the warning into the exception the C call raises.
import warnings
import warnext


def f():
    warnext.warn(UserWarning, "from f", 1)


f()
f()
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    f()
    f()
    warnext.warn(RuntimeWarning, "level 2", 2)
    warnext.warn_format(UserWarning, 4)
    warnext.warn_explicit(UserWarning, "explicit", "nowhere.py", 12, "somewhere")
    print(warnext.warn_value(7))
    for m in w:
        print(m.category.__name__, str(m.message), m.filename.split("/")[-1], m.lineno)

with warnings.catch_warnings():
    warnings.simplefilter("error")
    for call in (lambda: warnext.warn(UserWarning, "now an error", 1),
                 lambda: warnext.warn_value(3),
                 lambda: warnext.warn_explicit(UserWarning, "explicit error", "x.py", 1, "x")):
        try:
            call()
            print("no error")
        except UserWarning as e:
            print("UserWarning", e)
    warnings.filterwarnings("ignore", category=RuntimeWarning)
    warnext.warn(RuntimeWarning, "ignored", 1)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    f()
    warnext.warn(SyntaxWarning, "ignored too", 1)

seen = []
with warnings.catch_warnings():
    warnings.simplefilter("always")
    warnings.showwarning = lambda *a: seen.append((a[0].args, a[1].__name__, a[3]))
    f()
print(seen)
warnext.warn(UserWarning, "shown on stderr", 1)
warnext.warn(DeprecationWarning, "deprecated, from __main__", 1)
warnext.warn(PendingDeprecationWarning, "never shown", 1)
