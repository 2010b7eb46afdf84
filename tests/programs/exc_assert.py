# assert statements, caught
def check(x):
    assert x > 0, "x must be positive, got " + str(x)
    return x
print(check(5))
try:
    check(-1)
except AssertionError as e:
    print("AssertionError:", e, e.args)
try:
    assert 1 == 2
except AssertionError as e:
    print("bare assert:", repr(e), e.args, repr(str(e)))
try:
    assert [], ["list", "message"]
except AssertionError as e:
    print(e.args, e)
try:
    assert None, 42
except AssertionError as e:
    print(repr(e))
assert True
assert 1, "not raised"
assert "non-empty"
count = 0
def side():
    global count
    count += 1
    return "msg"
assert True, side()
print("message not evaluated when assert passes:", count)
try:
    assert False, side()
except AssertionError as e:
    print(e, count)
