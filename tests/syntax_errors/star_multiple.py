print("must not run")
a, *b, *c = range(5)
