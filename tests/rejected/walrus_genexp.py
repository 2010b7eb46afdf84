data = [1, 2, 3]
print("must not run")
found = any((last := x) > 1 for x in data)
print(found, last)
