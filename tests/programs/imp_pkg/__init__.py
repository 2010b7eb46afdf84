"""imp_pkg: a package for the import tests."""
print("running imp_pkg/__init__.py as", __name__, "package", repr(__package__))
VALUE = 10
from . import sub
from .sub import helper
from .inner import deep as _deep
__all__ = ["VALUE", "sub", "helper", "lazy"]
