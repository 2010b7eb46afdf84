# NameError for an undefined name inside a function
def greet(name):
    return "Hello, " + nmae

print(greet("x"))
