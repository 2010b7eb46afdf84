if 1:
    pass
else:
x = 2
