# A keyword-only parameter rebound by an inner function through nonlocal.
def outer(*, flag=None):
    def inner():
        nonlocal flag
        flag = 1 if flag is None else flag + 1
    inner()
    inner()
    return flag
print(outer(), outer(flag=5))
