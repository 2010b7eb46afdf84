# A call spread over several lines: the first line is marked up to its
# last character (and not at all when that is the whole line).
def combine(a, b, c):
    return a + b + c

print(combine(1, 2, 3))
result = [combine(1,
                  2,
                  "three")]
