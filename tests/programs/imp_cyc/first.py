print("imp_cyc.first: start")
from . import second
print("imp_cyc.first: second imported, value", second.SECOND)
FIRST = 1
