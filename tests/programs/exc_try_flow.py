# try/except/else/finally execution order
def run(action):
    log = []
    try:
        log.append("try")
        if action == "raise":
            raise ValueError("bad")
        if action == "return":
            return log + ["returned"]
        log.append("try-end")
    except ValueError as e:
        log.append("except " + str(e))
    else:
        log.append("else")
    finally:
        log.append("finally")
    log.append("after")
    return log
print(run("ok"))
print(run("raise"))
print(run("return"))
def no_except():
    try:
        return "from try"
    finally:
        print("finally runs before return")
print(no_except())
def multi_except(v):
    try:
        if v == 0:
            return 1 / v
        if v == 1:
            return [][v]
        if v == 2:
            return {}[v]
        if v == 3:
            return int("x")
        return "fine"
    except ZeroDivisionError:
        return "zero"
    except (IndexError, KeyError) as e:
        return "lookup " + type(e).__name__
    except Exception as e:
        return "other " + type(e).__name__
for v in range(5):
    print(v, multi_except(v))
for i in range(3):
    try:
        if i == 1:
            continue
        print("body", i)
    finally:
        print("finally", i)
for i in range(3):
    try:
        if i == 1:
            break
    finally:
        print("finally before break", i)
try:
    try:
        raise KeyError("inner")
    finally:
        print("inner finally")
except KeyError as e:
    print("outer caught", repr(e))
try:
    print("no error")
except Exception:
    print("not printed")
else:
    print("else runs")
finally:
    print("finally runs")
