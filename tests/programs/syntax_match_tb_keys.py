# An uncaught error from MATCH_KEYS: the traceback points at the mapping
# pattern.
class K:
    A = "a"
    B = "a"


def lookup(d):
    match d:
        case {"x": 1}:
            return "x"
        case {K.A: 1,
              K.B: 2}:
            return "dup"


print(lookup({"x": 1}))
print(lookup({"a": 1, "b": 2}))
