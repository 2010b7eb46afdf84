print("must not run")
first, *rest = [1, 2, 3]
