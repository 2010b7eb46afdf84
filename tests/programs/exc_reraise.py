# bare raise, raise in except, nested handlers
def inner():
    raise ValueError("original")
def middle():
    try:
        inner()
    except ValueError:
        print("middle saw it, re-raising")
        raise
try:
    middle()
except ValueError as e:
    print("outer got:", e)
def convert():
    try:
        {}["k"]
    except KeyError as e:
        raise RuntimeError("converted from " + repr(e))
try:
    convert()
except RuntimeError as e:
    print("RuntimeError:", e)
def handler_raises_new():
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError
try:
    handler_raises_new()
except ValueError as e:
    print("ValueError args:", e.args, repr(e))
def reraise_after_cleanup():
    cleaned = []
    try:
        try:
            [][1]
        except IndexError:
            cleaned.append("cleanup")
            raise
    except IndexError as e:
        return cleaned, str(e)
print(reraise_after_cleanup())
def nested_handlers():
    try:
        raise TypeError("a")
    except TypeError:
        try:
            raise ValueError("b")
        except ValueError as e2:
            print("inner handler", e2)
        raise
try:
    nested_handlers()
except TypeError as e:
    print("bare raise re-raised the outer one:", e)
try:
    raise NotImplementedError
except NotImplementedError as e:
    print(repr(e), e.args)
try:
    raise SystemError("sys err")
except SystemError as e:
    print(repr(e))
for exc in [ValueError, TypeError, KeyError]:
    try:
        raise exc("loop")
    except (ValueError, TypeError, KeyError) as e:
        print(repr(e))
try:
    raise 5
except TypeError as e:
    print("TypeError:", e)
try:
    raise "string"
except TypeError as e:
    print("TypeError:", e)
