# `is` inside hot loops: unboxed operands, shared heap objects (dropped
# without freeing), and last references (freed by the general loop).


def fresh():
    return [1]


def count_is(items, probe):
    n = 0
    for x in items:
        if x is probe:
            n += 1
        if x is not None:
            n += 100
    return n


shared = [0]
print(count_is([None, shared, None, shared, 3], shared))
print(count_is([1, 2, 3, 1], 1))
print(count_is([True, False, True], True))
print(count_is([0.5, 1.5, 0.5], 0.5))

same = 0
for i in range(1000):
    if fresh() is fresh():
        same += 1
    if shared is shared:
        same += 2
    y = fresh()
    if y is y:
        same += 4
    if i is None:
        same += 8
print(same)

# The last reference to each operand goes with the comparison.
hits = 0
for i in range(500):
    if [i] is not [i]:
        hits += 1
print(hits)
