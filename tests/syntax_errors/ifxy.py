if x y:
    pass
