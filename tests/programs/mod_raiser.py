# helper module whose functions raise
def parse_positive(s):
    n = int(s)
    if n <= 0:
        raise ValueError("expected a positive number, got " + str(n))
    return n


def divide(a, b):
    return a / b


def lookup(table, key):
    return table[key]
