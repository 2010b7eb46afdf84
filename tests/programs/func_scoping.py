# name resolution: local, enclosing, global, builtin; UnboundLocalError
x = "global"
def read_global():
    return x
def local_shadow():
    x = "local"
    return x
def enclosing():
    x = "enclosing"
    def inner():
        return x
    return inner()
print(read_global(), local_shadow(), enclosing(), x)
def uses_builtin():
    return len("abc")
def shadows_builtin():
    len = lambda s: 42
    return len("abc")
print(uses_builtin(), shadows_builtin(), len("abcd"))
def unbound():
    print(x)
    x = 1
try:
    unbound()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
def unbound_aug():
    x += 1
try:
    unbound_aug()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
def conditional_bind(flag):
    if flag:
        y = "bound"
    return y
print(conditional_bind(True))
try:
    conditional_bind(False)
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
except NameError as e:
    print("NameError (should not happen):", e)
print(isinstance(UnboundLocalError("m"), NameError))
def missing():
    return not_defined_anywhere
try:
    missing()
except NameError as e:
    print("NameError:", e)
def closure_unbound():
    def inner():
        return z
    r = None
    try:
        r = inner()
    except NameError as e:
        r = type(e).__name__ + ": " + str(e)
    z = 1
    return r
print(closure_unbound())
for i in range(3):
    loop_var = i
print(i, loop_var)
def param_shadow(x):
    x = x + "!"
    return x
print(param_shadow("p"), x)
