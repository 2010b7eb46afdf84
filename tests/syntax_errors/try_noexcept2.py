try:
    pass
foo = 1
