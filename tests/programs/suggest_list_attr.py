# An attribute typo on a list.
items = [1, 2]
items.append(3)
print(items)
items.apend(4)
