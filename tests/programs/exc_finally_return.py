# interactions of finally with return / break / continue / exceptions
def finally_overrides():
    try:
        return "try"
    finally:
        return "finally"
print(finally_overrides())
def finally_swallows():
    try:
        raise ValueError("lost")
    finally:
        return "swallowed"
print(finally_swallows())
def except_return_finally_side_effect(log):
    try:
        raise KeyError("k")
    except KeyError:
        log.append("except")
        return "from except"
    finally:
        log.append("finally")
log = []
print(except_return_finally_side_effect(log), log)
def loop_with_finally():
    out = []
    for i in range(5):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            out.append(i)
        finally:
            out.append("f" + str(i))
    return out
print(loop_with_finally())
def finally_break():
    for i in range(3):
        try:
            raise ValueError(i)
        finally:
            break
    return "break in finally discarded exception"
print(finally_break())
def nested():
    out = []
    try:
        try:
            out.append("inner try")
            raise TypeError("t")
        finally:
            out.append("inner finally")
    except TypeError:
        out.append("outer except")
    finally:
        out.append("outer finally")
    return out
print(nested())
def finally_value_snapshot():
    x = 1
    try:
        return x
    finally:
        x = 2
print(finally_value_snapshot())
def exception_in_finally():
    try:
        try:
            raise ValueError("first")
        finally:
            raise TypeError("second")
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
print(exception_in_finally())
count = 0
while True:
    try:
        count += 1
        if count == 3:
            break
    finally:
        print("while finally", count)
