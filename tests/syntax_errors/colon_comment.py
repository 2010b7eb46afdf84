for s in [[1], [7]]#:
    print(s)
