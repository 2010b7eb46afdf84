# Two-character operators get two ^ (here //).
def ratio(n, d):
    return n // d

print(ratio(7, 2))
print(ratio(7, 0))
