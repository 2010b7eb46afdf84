# raising an exception class without arguments
def todo():
    raise NotImplementedError

print("calling todo")
todo()
