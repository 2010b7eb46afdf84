def running():
    yield next(me)

me = running()
try:
    next(me)
except ValueError as e:
    print("ValueError:", e)
print(list(me))

def g():
    yield 1
x = g()
try:
    x.send(1)
except TypeError as e:
    print("TypeError:", e)

def stopper():
    yield 1
    raise StopIteration("boom")
try:
    list(stopper())
except RuntimeError as e:
    print("RuntimeError:", e, type(e.__cause__).__name__, e.__cause__)

def nested_next():
    it = iter([])
    yield next(it)
try:
    for v in nested_next():
        pass
except RuntimeError as e:
    print("RuntimeError:", e)

def fin():
    try:
        yield 1
        yield 2
    finally:
        print("finally ran")
f = fin()
print(next(f))
f.close()
print(f.close(), list(f))

def ignore():
    ignored = False
    while True:
        try:
            yield 1
        except GeneratorExit:
            if ignored:
                print("closing now")
                raise
            print("ignoring")
            ignored = True
i = ignore()
next(i)
try:
    i.close()
except RuntimeError as e:
    print("RuntimeError:", e)
print(i.close())

def catcher():
    while True:
        try:
            yield "waiting"
        except ValueError as e:
            print("caught", repr(e))
            yield "recovered"
c = catcher()
print(next(c))
print(c.throw(ValueError("bad")))
print(next(c))
print(c.throw(ValueError))
try:
    c.throw(KeyError, "k")
except KeyError as e:
    print("KeyError", e)
print(list(c))
try:
    c.throw(1)
except TypeError as e:
    print("TypeError:", e)

def sub():
    x = yield 1
    print("sub got", x)
    y = yield 2
    print("sub got", y)
    return "sub result"

def deleg():
    r = yield from sub()
    print("deleg got", r)
    r2 = yield from [10, 20]
    print("list gives", r2)
    return "end"

d = deleg()
print(next(d), d.send("a"), d.send("b"), next(d))
try:
    next(d)
except StopIteration as e:
    print("StopIteration", e.value)

def sub2():
    try:
        yield 1
        yield 2
    except KeyError:
        print("sub2 caught")
        yield 3
    finally:
        print("sub2 finally")

def deleg2():
    try:
        yield from sub2()
    finally:
        print("deleg2 finally")
d = deleg2()
print(next(d), d.throw(KeyError))
d.close()
d = deleg2()
next(d)
try:
    d.throw(ZeroDivisionError("z"))
except ZeroDivisionError as e:
    print("propagated", e)

def ex_in_handler():
    try:
        raise KeyError("inner")
    except KeyError:
        yield 1
        raise
e = ex_in_handler()
next(e)
try:
    next(e)
except KeyError as err:
    print("reraised", err)
def ret():
    return 5
    yield
try:
    next(ret())
except StopIteration as e:
    print("value", e.value)
print(list(x for x in range(3) for y in range(x)))
