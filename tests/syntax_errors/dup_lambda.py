print(1)
f = lambda x, x: 1
