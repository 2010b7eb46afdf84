# closures capture variables, not values
funcs = []
for i in range(4):
    funcs.append(lambda: i)
print([f() for f in funcs])
funcs = []
for i in range(4):
    funcs.append(lambda i=i: i)
print([f() for f in funcs])
def make_all():
    out = []
    for j in range(3):
        def g():
            return j * 10
        out.append(g)
    return out
print([g() for g in make_all()])
def make_all_fixed():
    out = []
    for j in range(3):
        def bind(k):
            return lambda: k * 10
        out.append(bind(j))
    return out
print([g() for g in make_all_fixed()])
def rebind():
    x = 1
    f = lambda: x
    x = 2
    return f()
print(rebind())
comp_funcs = [lambda: n for n in range(3)]
print([f() for f in comp_funcs])
def outer():
    v = "before"
    def show():
        return v
    r1 = show()
    v = "after"
    return r1, show()
print(outer())
