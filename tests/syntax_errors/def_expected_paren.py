def apply_ all(funcs, value):
    pass
