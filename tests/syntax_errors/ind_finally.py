try:
    x = 1
finally:
x = 2
