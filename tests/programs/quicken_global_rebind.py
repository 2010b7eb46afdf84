# Globals and builtins rebound, shadowed and deleted while a loop keeps
# reading them through a quickened LOAD_GLOBAL.
import mod_counter


def f(x):
    return x + 1


def g(x):
    return x * 10


def use_f(i):
    return f(i)


total = 0
for i in range(40):
    if i == 20:
        f = g
    total += use_f(i)
print("rebound function", total)


def use_len(xs):
    return len(xs)


out = []
for i in range(30):
    if i == 10:

        def len(x):
            return -1

    if i == 20:
        del len
    out.append(use_len([1, 2, 3]))
print("shadowed builtin", out)

scale = 2


def scaled(x):
    return x * scale


vals = []
for i in range(30):
    if i % 10 == 0:
        scale = scale + 1
    vals.append(scaled(i))
print("rebound value", vals)


def read_missing():
    return missing


for i in range(12):
    if i == 6:
        missing = "now defined"
    try:
        print(i, read_missing())
    except NameError as e:
        print(i, e)
    if i == 9:
        del missing

seen = []
for i in range(25):
    if i == 12:
        mod_counter.value = 100
    if i == 18:
        mod_counter.extra = "new key"
    seen.append(mod_counter.value + mod_counter.bump(i))
print("module attribute", seen)
