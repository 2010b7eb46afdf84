# Imported by builtins_globals_hash.py: an imported module's globals.
NAMES = sorted(globals())
BUILTINS_TYPE = type(__builtins__).__name__
CACHED_IS_NONE_OR_STR = __cached__ is None or isinstance(__cached__, str)
