    x = 1
if 1:
        y = 1
    z = 2
