# TypeError messages for bad calls
def f(a, b):
    return a + b
def g(a, b=1):
    return a
def h():
    return 0
def v(a, *args):
    return a
try:
    f(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1)
except TypeError as e:
    print("TypeError:", e)
try:
    f()
except TypeError as e:
    print("TypeError:", e)
try:
    g()
except TypeError as e:
    print("TypeError:", e)
try:
    g(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
try:
    h(1)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1, c=2)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1, a=2)
except TypeError as e:
    print("TypeError:", e)
try:
    v()
except TypeError as e:
    print("TypeError:", e)
try:
    v(1, x=2)
except TypeError as e:
    print("TypeError:", e)
try:
    x = 5
    x()
except TypeError as e:
    print("TypeError:", e)
try:
    s = "abc"
    s()
except TypeError as e:
    print("TypeError:", e)
try:
    n = None
    n()
except TypeError as e:
    print("TypeError:", e)
try:
    l = [1, 2]
    l(0)
except TypeError as e:
    print("TypeError:", e)
lam = lambda x, y: x
try:
    lam(1)
except TypeError as e:
    print("TypeError:", e)
try:
    lam(1, 2, 3)
except TypeError as e:
    print("TypeError:", e)
def three(a, b, c):
    return a
try:
    three(1)
except TypeError as e:
    print("TypeError:", e)
try:
    three()
except TypeError as e:
    print("TypeError:", e)
try:
    len()
except TypeError as e:
    print("TypeError:", e)
try:
    len([1], [2])
except TypeError as e:
    print("TypeError:", e)
