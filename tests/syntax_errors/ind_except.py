try:
    x = 1
except ValueError:
x = 2
