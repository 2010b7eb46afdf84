if 1:
    pass
elif 2:
x = 2
