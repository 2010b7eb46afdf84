# UnboundLocalError from a local that shadows a global
total = 0

def add(n):
    total += n
    return total

add(5)
