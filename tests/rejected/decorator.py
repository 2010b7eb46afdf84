def trace(f):
    return f

@trace
def work():
    return 1
print(work())
