# Function objects: docstrings as __doc__, and attributes set on them
# (__name__, __qualname__, __doc__, __module__, anything else in
# __dict__), as functools.update_wrapper sets them.


def t(f, *a):
    try:
        print(repr(f(*a)))
    except Exception as e:
        print(type(e).__name__ + ':', e)


def documented(x):
    """The docstring.

    Second paragraph."""
    return x


def concatenated():
    "one " 'two'


def not_first():
    x = 1
    "not a docstring"


def fstring_first():
    f"no {1}"


print(repr(documented.__doc__), repr(concatenated.__doc__), not_first.__doc__, fstring_first.__doc__)
print((lambda: 0).__doc__, documented.__dict__, documented.__module__)


class C:
    def method(self):
        """Method doc."""

    def g(self):
        pass


print(C.method.__doc__, C().method.__doc__, C.g.__doc__)

documented.__name__ = 'renamed'
documented.__qualname__ = 'Outer.renamed'
documented.__doc__ = None
documented.__module__ = 'elsewhere'
print(documented.__name__, documented.__qualname__, documented.__doc__, documented.__module__, documented(5))
print(repr(documented).split(' at ')[0])
documented.tag = [1, 2]
documented.count = 3
print(documented.tag, documented.count, documented.__dict__)
del documented.count
print(documented.__dict__, hasattr(documented, 'count'))
documented.__dict__ = {'fresh': True}
print(documented.fresh, documented.__dict__)
t(setattr, documented, '__name__', 1)
t(setattr, documented, '__qualname__', None)
t(setattr, documented, '__dict__', [])
t(delattr, documented, '__name__')
t(delattr, documented, '__dict__')
t(delattr, documented, 'missing')
t(getattr, documented, 'missing')
del documented.__doc__
print(documented.__doc__)


def counter():
    counter.calls += 1
    return counter.calls


counter.calls = 0
counter()
counter()
print(counter.calls, C().method.__name__, C.method.__qualname__)

# A function whose __dict__ refers back to it is collected.
def cyclic():
    pass


cyclic.me = cyclic
cyclic.d = {'f': cyclic}
del cyclic
print('done')
