# CPython 3.11 draws an assert's caret line under the comparison its
# conditional expression tested last: here the else branch's.
def check(a, b, c):
    assert (a if c else b < 2), "b too big"


check(1, 0, True)
check(0, 1, False)
print("passed")
check(0, 5, False)
