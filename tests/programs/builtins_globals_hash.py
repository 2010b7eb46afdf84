# What a module's globals hold besides the program's names (__builtins__,
# __annotations__, __cached__), and __hash__ as None where CPython has it
# None: the unhashable built-in types and classes with __eq__ only.
import builtins
import mod_globals_probe

print(sorted(k for k in globals() if k.startswith("__")))
print(__builtins__ is builtins, __builtins__.len("ab"), __annotations__, __cached__)
print(mod_globals_probe.NAMES, mod_globals_probe.BUILTINS_TYPE, mod_globals_probe.CACHED_IS_NONE_OR_STR)
g = {}
exec("x = 1", g)
print(sorted(g), g["__builtins__"] is builtins.__dict__)
print(list.__hash__, [].__hash__, dict.__hash__, set.__hash__, bytearray.__hash__, frozenset.__hash__ is not None)
print({}.keys().__hash__, int.__hash__ is not None, (1).__hash__() == 1)
class L(list): pass
class H(list):
    def __hash__(self): return 7
print(L.__hash__, L().__hash__, H().__hash__(), hash(H()))
class E:
    def __eq__(self, o): return True
print(E.__hash__, object.__hash__ is not None)
try:
    hash(L())
except TypeError as e:
    print(e)
class E2(E): pass
class E3(E):
    __hash__ = object.__hash__
print(E2.__hash__, E3.__hash__ is not None, hash(E3()) == hash(E3()) or True)
from collections.abc import Hashable
print(isinstance(E(), Hashable), isinstance(E3(), Hashable), isinstance([], Hashable), isinstance(L(), Hashable), isinstance(H(), Hashable))
