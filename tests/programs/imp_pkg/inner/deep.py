print("running imp_pkg/inner/deep.py as", __name__, "package", repr(__package__))
from .. import sub
from ..sub import COUNT as VALUE
from . import __name__ as inner_name
DEPTH = 3
try:
    from ... import nothing
except ImportError as e:
    print("deep:", type(e).__name__, e)
try:
    from ...nothing import x
except ImportError as e:
    print("deep:", type(e).__name__, e)
