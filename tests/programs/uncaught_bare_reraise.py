# bare raise re-raises the original exception and traceback
def risky():
    return [1, 2, 3][10]

try:
    risky()
except IndexError:
    print("logging the error, then re-raising")
    raise
