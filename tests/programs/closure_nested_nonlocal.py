# nonlocal across several levels, shared cells
def level1():
    a = 1
    def level2():
        b = 2
        def level3():
            nonlocal a, b
            a += 10
            b += 20
            return a + b
        r = level3()
        return r, b
    r2 = level2()
    return r2, a
print(level1())
def shared():
    value = 0
    def setter(v):
        nonlocal value
        value = v
    def getter():
        return value
    return setter, getter
s, g = shared()
print(g())
s(42)
print(g())
s("text")
print(g())
def counter_pair():
    n = 0
    def up():
        nonlocal n
        n += 1
        return n
    def down():
        nonlocal n
        n -= 1
        return n
    return up, down
up, down = counter_pair()
print(up(), up(), up(), down(), up())
def outer_param(x):
    def inner():
        nonlocal x
        x = x * 2
        return x
    inner()
    inner()
    return x
print(outer_param(3), outer_param("ab"))
def deep():
    v = 0
    def a():
        def b():
            def c():
                return v + 1
            return c()
        return b()
    v = 41
    return a()
print(deep())
def loop_closures():
    total = 0
    def add(n):
        nonlocal total
        total += n
    for i in range(1, 11):
        add(i)
    return total
print(loop_closures())
