try:
    x = 1
except:
x = 2
