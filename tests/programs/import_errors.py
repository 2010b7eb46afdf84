# failed imports raise ModuleNotFoundError / ImportError
try:
    import mod_does_not_exist
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e)
try:
    import mod_also_missing
except ImportError as e:
    print("caught as ImportError:", type(e).__name__, e)
try:
    from mod_mathutils import no_such_name
except ImportError as e:
    print("ImportError for missing name:", type(e).__name__)
try:
    from mod_nowhere import thing
except ImportError as e:
    print(type(e).__name__, e)
from mod_raiser import divide
try:
    divide(1, 0)
except ZeroDivisionError as e:
    print("error from imported function:", e)
print(isinstance(ModuleNotFoundError("x"), ImportError))
