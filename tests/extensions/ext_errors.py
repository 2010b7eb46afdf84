# Exceptions crossing from C into Python and back, and C functions that
# break the rules.
import checks

try:
    checks.raise_value_error("bad thing")
except ValueError as e:
    print("ValueError:", e, e.args)

try:
    checks.raise_custom("custom")
except checks.CheckError as e:
    print(type(e).__name__, isinstance(e, ValueError), e)
print(checks.CheckError, issubclass(checks.CheckError, ValueError))

try:
    checks.raise_custom(("two", 2))
except ValueError as e:
    print("args", e.args)

try:
    checks.raise_format(7, [1, "x"])
except TypeError as e:
    print("TypeError:", e)

try:
    checks.null_without_error()
except SystemError as e:
    print("SystemError:", e)

try:
    checks.result_with_error()
except SystemError as e:
    print("SystemError:", e)
    print("cause:", type(e.__cause__).__name__, e.__cause__)


def boom(x):
    return 10 // x


print(checks.call_back(boom, 5))
try:
    checks.call_back(boom, 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)

try:
    checks.call_back(checks.raise_value_error, "nested")
except ValueError as e:
    print("nested:", e)

print(checks.call_back(len, [1, 2, 3]), checks.call_back(max, 4, 9, 2))
print(checks.call_back(lambda *a: a, 1, "two", None))


def outer():
    try:
        checks.call_back(boom, 0)
    except ZeroDivisionError:
        raise KeyError("from handler")


try:
    outer()
except KeyError as e:
    print("chained:", repr(e), type(e.__context__).__name__)
