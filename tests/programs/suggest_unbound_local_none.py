# UnboundLocalError is not a plain NameError: no suggestion.
def f():
    total = 0
    print(totl)

try:
    f()
except NameError as e:
    print(type(e).__name__, e)

def g():
    print(value)
    value = 1

g()
