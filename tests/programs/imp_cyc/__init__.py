print("imp_cyc: start")
from . import first
print("imp_cyc: first imported")
TOP = "top"
