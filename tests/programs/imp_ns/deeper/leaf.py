print("running imp_ns/deeper/leaf.py as", __name__, "package", repr(__package__))
from .. import portion
LEAF = "leaf"
