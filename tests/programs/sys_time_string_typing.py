import sys, time, string
from typing import List, Dict, Optional, Any, Tuple, Callable, TypeVar, cast, Union, TYPE_CHECKING
print(sys.version_info >= (3, 8), sys.version_info[:2], sys.platform, sys.byteorder, sys.version.startswith('3.11'))
t0 = time.perf_counter(); time.sleep(0.01); t1 = time.perf_counter()
print(t1 - t0 >= 0.009, type(time.time_ns()).__name__, time.monotonic() >= 0, time.perf_counter_ns() > 0)
for f in [lambda: time.sleep(-1), lambda: time.sleep('x')]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
print(repr(string.ascii_letters), repr(string.digits), repr(string.hexdigits), repr(string.octdigits), repr(string.punctuation), repr(string.whitespace), repr(string.printable))
Vector = List[float]
Table = Dict[str, List[int]]
print(List, Vector, Table, Optional[int], Any, Tuple[int, ...], Callable[[int, str], bool], Union[int, str], TYPE_CHECKING)
T = TypeVar('T')
print(T, cast(int, 'not checked'), cast(List[int], [1]))
count: int = 0
names: List[str] = []
def f(x: List[int], y: Optional[Dict[str, Any]] = None) -> Tuple[int, int]:
    return len(x), 0
print(f([1, 2]), __annotations__)
