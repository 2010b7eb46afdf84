# IndexError in a nested call inside a loop
def last_two(seq):
    return seq[-1], seq[-2]

for s in [[1, 2, 3], "ab", [7]]:
    print(last_two(s))
