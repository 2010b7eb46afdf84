print("mod_circ_b: start")
import mod_circ_a
from mod_imputil import show, show_import_error
try:
    print(mod_circ_a.A)
except AttributeError as e:
    show(e)
try:
    from mod_circ_a import A
except ImportError as e:
    show_import_error(e)
B = "b"
