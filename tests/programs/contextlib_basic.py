# contextlib: contextmanager, suppress, closing, nullcontext, redirect_*,
# ExitStack, AbstractContextManager, ContextDecorator.
import contextlib
import io
import sys
from contextlib import (contextmanager, suppress, closing, nullcontext,
                        redirect_stdout, redirect_stderr, ExitStack,
                        AbstractContextManager, ContextDecorator)


def show(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except BaseException as e:
        print(label, "raised", type(e).__name__, e)


log = []


@contextmanager
def tag(name):
    """A tag."""
    log.append("<" + name + ">")
    try:
        yield name.upper()
    finally:
        log.append("</" + name + ">")


print(tag.__name__, tag.__doc__)
with tag("a") as t:
    log.append(t)
print(log)

log.clear()
try:
    with tag("b"):
        raise ValueError("inside")
except ValueError as e:
    print("propagated", e, log)


@contextmanager
def swallow(*types):
    try:
        yield
    except types as e:
        print("swallowed", type(e).__name__, e)


with swallow(KeyError):
    raise KeyError("k")
print("after swallow")
try:
    with swallow(KeyError):
        raise IndexError("i")
except IndexError as e:
    print("not swallowed", e)


@contextmanager
def noyield():
    if False:
        yield


@contextmanager
def twoyield():
    yield 1
    yield 2


@contextmanager
def yields_after_throw():
    try:
        yield
    except Exception:
        yield


@contextmanager
def replaces():
    try:
        yield
    except ValueError as e:
        raise TypeError("replaced " + str(e))


def use(cm, exc=None):
    with cm as v:
        if exc is not None:
            raise exc
        return v


show("noyield", lambda: use(noyield()))
show("twoyield", lambda: use(twoyield()))
show("after throw", lambda: use(yields_after_throw(), ValueError("x")))
show("replaces", lambda: use(replaces(), ValueError("x")))
show("stopiteration inside", lambda: use(tag("s"), StopIteration("si")))


@contextmanager
def reraise_runtime():
    yield


show("runtime passes", lambda: use(reraise_runtime(), RuntimeError("rt")))


# contextmanager as a decorator
@tag("deco")
def decorated(x):
    log.append("body %d" % x)
    return x * 2


log.clear()
print(decorated(3), decorated(4), log)

# suppress
with suppress(KeyError, IndexError):
    {}["x"]
print("suppressed KeyError")
with suppress():
    pass
try:
    with suppress(KeyError):
        1 / 0
except ZeroDivisionError as e:
    print("not suppressed:", e)
with suppress(LookupError):
    [][1]
print("suppressed via base class")


# closing
class Res:
    def __init__(self, n):
        self.n = n

    def close(self):
        print("closing", self.n)


with closing(Res(1)) as r:
    print("using", r.n)
try:
    with closing(Res(2)):
        raise OSError("fail")
except OSError as e:
    print("closed anyway", e)

# nullcontext
with nullcontext() as n:
    print("null", n)
with nullcontext(42) as n:
    print("null", n)

# redirect_stdout / redirect_stderr
buf = io.StringIO()
with redirect_stdout(buf) as target:
    print("captured line")
    print("second", 2)
print("target is buf:", target is buf)
print(repr(buf.getvalue()))
ebuf = io.StringIO()
with redirect_stderr(ebuf):
    print("to err", file=sys.stderr)
print(repr(ebuf.getvalue()))
outer, inner = io.StringIO(), io.StringIO()
with redirect_stdout(outer):
    print("o1")
    with redirect_stdout(inner):
        print("i1")
    print("o2")
print(repr(outer.getvalue()), repr(inner.getvalue()))

# ExitStack
order = []


class CM:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        order.append("enter " + self.name)
        return self.name

    def __exit__(self, t, v, tb):
        order.append("exit %s %s" % (self.name, t.__name__ if t else None))
        return self.suppress


with ExitStack() as stack:
    names = [stack.enter_context(CM(n)) for n in "abc"]
    stack.callback(order.append, "callback")
    stack.callback(lambda *a, **k: order.append(("cb", a, k)), 1, x=2)
    print("entered", names)
print(order)

order.clear()
with ExitStack() as stack:
    stack.enter_context(CM("outer"))
    stack.enter_context(CM("suppressor", suppress=True))
    stack.enter_context(CM("inner"))
    raise KeyError("gone")
print("ExitStack suppressed", order)

order.clear()
try:
    with ExitStack() as stack:
        stack.enter_context(CM("x"))
        raise ValueError("boom")
except ValueError as e:
    print("ExitStack propagated", e, order)

order.clear()


def raising_exit(t, v, tb):
    order.append("raising_exit saw %s" % (t.__name__ if t else None))
    raise IndexError("from exit")


try:
    with ExitStack() as stack:
        stack.enter_context(CM("first"))
        stack.push(raising_exit)
        stack.enter_context(CM("last"))
except IndexError as e:
    print("exit raised", e, order)

order.clear()
with ExitStack() as stack:
    stack.enter_context(CM("kept"))
    moved = stack.pop_all()
print("after pop_all", order)
moved.close()
print("after close", order)


def plain_exit(t, v, tb):
    order.append("plain")
    return True


order.clear()
with ExitStack() as stack:
    r = stack.push(plain_exit)
    r2 = stack.push(CM("pushed"))
    raise ValueError
print("push", r is plain_exit, type(r2).__name__, order)

with ExitStack() as stack:
    try:
        stack.enter_context(42)
    except TypeError as e:
        print("TypeError", e)
    try:
        stack.enter_context(Res(3))
    except TypeError as e:
        print("TypeError", e)


# AbstractContextManager and ContextDecorator
class Mine(AbstractContextManager):
    def __exit__(self, *a):
        print("Mine exit")


with Mine() as m:
    print(type(m).__name__)


class Deco(ContextDecorator):
    def __enter__(self):
        print("deco enter")
        return self

    def __exit__(self, *a):
        print("deco exit")
        return False


@Deco()
def work(a, b=1):
    print("work", a, b)
    return a + b


print(work(1, b=5))
print(issubclass(contextlib.suppress, AbstractContextManager))


# chdir
import os
before = os.getcwd()
with contextlib.chdir("/") as r:
    print("in /:", os.getcwd(), r)
    with contextlib.chdir(before):
        print("back inside:", os.getcwd() == before)
    print("still /:", os.getcwd())
print("restored:", os.getcwd() == before)
try:
    with contextlib.chdir("/definitely/not/here"):
        pass
except FileNotFoundError as e:
    print("FileNotFoundError", e.errno, os.getcwd() == before)


# ExitStack: exceptions raised by callbacks, and their context
def bad(msg):
    raise ValueError(msg)


try:
    with ExitStack() as s:
        s.callback(bad, "first registered")
        s.callback(bad, "second registered")
except ValueError as e:
    print(repr(e))
try:
    with ExitStack() as s:
        s.callback(bad, "cb")
        raise KeyError("body")
except ValueError as e:
    print(repr(e), repr(e.__context__))
