value = 1


def bump(i):
    return i * 2
