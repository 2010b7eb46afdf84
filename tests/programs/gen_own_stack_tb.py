# An exception nobody catches leaves three generators running on their own
# value stacks (resumed by `for` and `yield from`): the traceback lists
# every frame, innermost last, as CPython prints it.
def source():
    yield 1
    yield 2 // 0


def relay(it):
    yield from it


def double(it):
    for x in it:
        yield x * 2


def main():
    for v in double(relay(source())):
        print("got", v)


main()
