# a module with a module-level __getattr__ (PEP 562)
EAGER = "eager"


def __getattr__(name):
    if name.startswith("dyn_"):
        return "computed " + name
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
