# a module without __all__: `from m import *` takes the names without a
# leading underscore
import sys as _sys
import os
plain = "plain"
_hidden = "hidden"


def func():
    return "func"


class Klass:
    pass
