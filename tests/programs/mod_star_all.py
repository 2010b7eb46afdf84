# a module with __all__: `from m import *` takes exactly these names
__all__ = ["public", "_chosen"]
public = "public"
_chosen = "chosen though private"
other = "not in __all__"
