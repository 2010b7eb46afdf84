# failing assert without a message
items = [3, 1, 2]
assert len(items) == 3
assert items == sorted(items)
