# Sets reaching C code: Typhon has no PySet_* functions yet, but a set or
# frozenset passed to C is an ordinary object for the abstract API
# (repr, str, size, item access, comparison, type, flags), for calls and
# for argument tuples.
import checks


def probe(o):
    # Index 9 is Py_TPFLAGS_BASETYPE, which Typhon's built-in types do not
    # set yet (they cannot be subclassed); 10 is Py_TPFLAGS_HAVE_GC.
    p = checks.probe(o)
    return p[:9] + p[10:]


s = {3, 1, 2}
f = frozenset({"b", "a"})
for o in (s, f, set(), frozenset()):
    print(probe(o))
print(checks.args_of(s, f))
print(checks.refcount(f) > 0)
print(checks.tour_objects(frozenset({7})))
print(checks.call_back(lambda *a: set(a), 5, 6, 5))
print(checks.call_back(frozenset, [9, 8, 9]), checks.call_back(set))
print(s, f)
