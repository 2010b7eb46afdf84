def f():
    if x:
    y = 1
