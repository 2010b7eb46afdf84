# IOError and EnvironmentError are OSError under its old names.
print(IOError is OSError, EnvironmentError is OSError)
print(IOError.__name__, EnvironmentError.__qualname__)
try:
    open("/nonexistent/typhon-test-file")
except IOError as e:
    print(type(e).__name__, e.errno, isinstance(e, EnvironmentError))
try:
    raise IOError(5, "custom")
except EnvironmentError as e:
    print(type(e).__name__, e.errno, e.strerror, e)
import builtins
print(builtins.IOError is OSError, "EnvironmentError" in dir(builtins))
print(builtins.__name__, builtins.len is len, type(builtins).__name__)
builtins.typhon_test_name = 42
print(typhon_test_name)
del builtins.typhon_test_name
try:
    typhon_test_name
except NameError as e:
    print("NameError", e)
g = {}
exec("class K: pass\nm = K.__module__", g)
print(g["m"])
