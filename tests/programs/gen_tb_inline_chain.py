def inner():
    yield 1
    yield 1 // 0


def middle():
    yield from inner()


def main():
    total = 0
    for x in middle():
        total += x
    return total


main()
