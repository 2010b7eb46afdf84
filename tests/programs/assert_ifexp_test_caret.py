# The comparison in the test of the conditional expression is the one
# tested last when the else branch is a constant.
def check(x):
    assert x if x > 1 else 0


check(5)
print("passed")
check(0)
