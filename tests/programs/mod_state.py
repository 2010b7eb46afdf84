# helper module with mutable state
items = []
total = 0


def add(x):
    global total
    items.append(x)
    total += x
    return total
