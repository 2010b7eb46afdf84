x = [(yield y) for y in range(3)]
