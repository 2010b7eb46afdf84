print("running imp_pkg/inner/__init__.py as", __name__, "package", repr(__package__))
from .. import VALUE as PARENT_VALUE
from ..sub import helper as parent_helper
from . import deep
