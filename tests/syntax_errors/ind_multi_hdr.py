if (a and
    b):
x = 1
