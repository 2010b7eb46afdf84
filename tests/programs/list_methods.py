# list methods: append, pop, insert, index, extend, remove, count
lst = []
lst.append(1)
lst.append("two")
lst.append([3])
print(lst, len(lst))
print(lst.pop(), lst)
lst.extend([4, 5, 6])
lst.extend((7, 8))
lst.extend("ab")
lst.extend(range(2))
print(lst)
print(lst.pop(0), lst.pop(-2), lst.pop(1), lst)
lst.insert(0, "first")
lst.insert(100, "last")
lst.insert(-1, "before-last")
lst.insert(-100, "very-first")
print(lst)
print(lst.index(5), lst.index("a"), lst.index(1))
nums = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
print(nums.count(5), nums.count(1), nums.count(7), [1, 1.0, True].count(1))
nums.remove(5)
print(nums)
nums.remove(1)
nums.remove(1)
print(nums)
r = nums.append(100)
print(r, nums.extend([]), nums.insert(0, 0), nums)
stack = []
for i in range(5):
    stack.append(i * i)
while stack:
    print(stack.pop(), end=" ")
print()
queue = ["a", "b", "c"]
while queue:
    x = queue.pop(0)
    print(x, queue)
x = [1, 2]
x.extend(x)
print(x)
