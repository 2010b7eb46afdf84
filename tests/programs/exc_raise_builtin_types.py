# raising every supported built-in exception type
types = [BaseException, Exception, ArithmeticError, ZeroDivisionError, OverflowError, ValueError, TypeError,
         LookupError, IndexError, KeyError, NameError, UnboundLocalError, AttributeError, RuntimeError,
         RecursionError, StopIteration, AssertionError, NotImplementedError, ImportError,
         ModuleNotFoundError, SystemError, SystemExit]
for t in types:
    try:
        raise t("payload")
    except BaseException as e:
        print(type(e).__name__, repr(e), str(e), isinstance(e, Exception), isinstance(e, t))
for t in types:
    try:
        raise t
    except BaseException as e:
        print(type(e).__name__, repr(e), repr(str(e)))
print(type(ValueError("x")), type(KeyError()))
