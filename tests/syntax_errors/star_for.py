for *a in x:
    pass
