print("not printed: the whole file is refused")


def load():
    from os import *
    return path
