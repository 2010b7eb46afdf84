# a module that puts another object in its place in sys.modules
import sys


class Replacement:
    answer = 42

    def __repr__(self):
        return "<Replacement>"


sys.modules[__name__] = Replacement()
