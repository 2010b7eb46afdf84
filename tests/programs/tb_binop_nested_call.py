# A TypeError inside a binary operation, three calls deep: every frame
# gets its caret line, the innermost one the ~~^~~ operator anchor.
def scale(values, factor):
    return [v * factor for v in values]

def total(values):
    acc = 0
    for v in values:
        acc = acc + v
    return acc

def report(values):
    print("scaled:", scale(values, 2))
    return "total: " + str(total(values))

print(report([1, 2, 3]))
print(report([1, "two", 3]))
