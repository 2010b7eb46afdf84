import mod_self_import
from mod_imputil import show
try:
    mod_self_import.DONE
except AttributeError as e:
    show(e)
print("mod_self_import sees itself:", mod_self_import.__name__, mod_self_import is __import__(__name__))
DONE = True
