# TypeError from mixing operand types
def total(prices):
    s = 0
    for p in prices:
        s = s + p
    return s

print(total([1, 2, 3]))
print(total([1, "2", 3]))
