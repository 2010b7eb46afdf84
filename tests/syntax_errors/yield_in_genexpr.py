g = (1 + (yield y) for y in range(3))
