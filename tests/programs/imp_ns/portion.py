print("running imp_ns/portion.py as", __name__, "package", repr(__package__))
from . import deeper
