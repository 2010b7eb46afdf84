# exception raised inside a lambda
scale = lambda v: 100 // v
values = [5, 4, 0, 2]
print([scale(v) for v in values[:2]])
results = list(map(scale, values))
