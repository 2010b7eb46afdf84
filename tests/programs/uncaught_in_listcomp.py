# exception inside a list comprehension: frame <listcomp>
def invert_all(nums):
    return [1 / n for n in nums]

print(invert_all([1, 2, 4]))
print(invert_all([1, 0]))
