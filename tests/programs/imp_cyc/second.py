print("imp_cyc.second: start")
import imp_cyc
from mod_imputil import show, show_import_error
# the package is still running its __init__: attributes it has not set yet
try:
    imp_cyc.TOP
except AttributeError as e:
    show(e)
# `first` is in sys.modules but not yet an attribute of the package
try:
    imp_cyc.first
except AttributeError as e:
    show(e)
from imp_cyc import first
print("imp_cyc.second: got first from sys.modules:", first.__name__)
try:
    from imp_cyc import TOP
except ImportError as e:
    show_import_error(e)
try:
    from .first import FIRST
except ImportError as e:
    show_import_error(e)
SECOND = 2
