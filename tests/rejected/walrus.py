data = [1, 2, 3]
print("must not run")
squares = [y for x in data if (y := x * x) > 1]
