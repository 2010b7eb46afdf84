# Capsules, PyModule_FromDefAndSpec/ExecDef from C, and PyUnicode_Join,
# PyUnicode_Substring, PyMapping_Items, PyFloat_FromString, PyList_SetSlice.
import apimisc

print(apimisc.capsule_import("apimisc._C_API", 21))
print(apimisc.capsule_checks(apimisc._C_API))
print(apimisc.capsule_get(apimisc._C_API, "apimisc._C_API"))
print(apimisc.capsule_destroyed())
print(type(apimisc._C_API).__name__)
for f in [lambda: apimisc.capsule_get(apimisc._C_API, "wrong"),
          lambda: apimisc.capsule_get(apimisc._C_API, None),
          lambda: apimisc.capsule_get(5, "apimisc._C_API"),
          lambda: apimisc.capsule_checks(5),
          lambda: apimisc.capsule_null(),
          lambda: apimisc.capsule_import("apimisc.join", 1),
          lambda: apimisc.capsule_import("apimisc.nothing", 1),
          lambda: apimisc.capsule_import("no_such_module._C_API", 1)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


class Spec:
    name = "apimisc_sub"


sub = apimisc.make_sub(Spec())
print(sub.__name__, sub.__doc__, sub.answer)

print(apimisc.join("-", ["a", "b", "c"]), apimisc.join(None, ("x", "y")), repr(apimisc.join(", ", [])))
print(apimisc.substring("h\u00e9llo w\u00f6rld", 1, 5), repr(apimisc.substring("abc", 2, 1)), apimisc.substring("abc", 1, 99))
print(apimisc.items({"a": 1, "b": [2]}))
print(apimisc.float_from("1.5"), apimisc.float_from(" -2e3 "), apimisc.float_from("inf"))
l = [0, 1, 2, 3, 4]
apimisc.set_slice(l, 1, 3, ["x", "y", "z"])
print(l)
apimisc.set_slice(l, 0, 2, None)
print(l)
for f in [lambda: apimisc.join("-", [1, 2]), lambda: apimisc.substring("abc", -1, 2),
          lambda: apimisc.float_from("nope"), lambda: apimisc.items(5)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)
