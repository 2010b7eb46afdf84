class Namespace:
    x = 1
    from os.path import *
