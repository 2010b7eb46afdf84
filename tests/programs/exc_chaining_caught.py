# exceptions raised while handling others, caught at the outer level
def parse_all(items):
    out = []
    for s in items:
        try:
            out.append(int(s))
        except ValueError:
            try:
                out.append(float(s))
            except ValueError:
                out.append(None)
    return out
print(parse_all(["1", "2.5", "x", "-3", "1e3", ""]))
def lookup(d, key):
    try:
        return d[key]
    except KeyError:
        raise ValueError("no such key: " + repr(key))
try:
    lookup({"a": 1}, "b")
except ValueError as e:
    print(e)
results = []
for i in range(6):
    try:
        if i % 3 == 0:
            raise IndexError(i)
        elif i % 3 == 1:
            raise KeyError(i)
        results.append(i)
    except IndexError as e:
        results.append("I" + str(e))
    except KeyError as e:
        results.append("K" + str(e))
print(results)
def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        return float("inf") if a > 0 else float("-inf") if a < 0 else float("nan")
    except TypeError as e:
        return "TypeError: " + str(e)
print(safe_div(1, 0), safe_div(-1, 0), safe_div(0, 0), safe_div(6, 4), safe_div("a", 1))


# `from None` suppresses the context; `from e` sets the cause.
def suppressed():
    try:
        raise KeyError("k")
    except KeyError:
        raise ValueError("v") from None


try:
    suppressed()
except ValueError as e:
    print(repr(e.__cause__), e.__suppress_context__, repr(e.__context__))
try:
    try:
        raise KeyError("inner")
    except KeyError as inner:
        raise ValueError("outer") from inner
except ValueError as e:
    print(repr(e.__cause__), e.__suppress_context__)
print(ValueError().__suppress_context__)
