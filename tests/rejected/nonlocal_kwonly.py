print("must not run")
def outer(*, flag=None):
    def inner():
        nonlocal flag
        flag = 1
    inner()
