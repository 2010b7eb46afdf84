# sort and sorted with key= and reverse=, stability
nums = [5, 2, 9, 1, 5, 6, -3, 0]
nums.sort()
print(nums)
nums.sort(reverse=True)
print(nums)
words = ["banana", "Apple", "cherry", "date", "fig", "Elderberry"]
print(sorted(words), sorted(words, key=len), sorted(words, key=len, reverse=True))
print(sorted(words, key=lambda w: w.lower()))
words.sort(key=lambda w: w[-1])
print(words)
pairs = [(2, "b"), (1, "z"), (2, "a"), (1, "y"), (3, "c")]
print(sorted(pairs), sorted(pairs, key=lambda p: p[0]), sorted(pairs, key=lambda p: p[0], reverse=True))
recs = [("alice", 30), ("bob", 25), ("carol", 30), ("dave", 25), ("eve", 35)]
recs.sort(key=lambda r: r[1])
print(recs)
recs.sort(key=lambda r: -r[1])
print(recs)
print(sorted([3.5, 1, 2.25, -1, True]), sorted([[2, 1], [1, 5], [1, 2, 3], []]))
print(sorted("hello"), sorted((3, 1, 2)), sorted({"b": 1, "a": 2}), sorted(range(5, 0, -1)))
print(sorted([]), sorted([1]), sorted([2, 1], reverse=False))
big = [(i * 7919) % 1009 for i in range(200)]
big.sort()
print(big[:10], big[-5:], len(big))
r = nums.sort()
print(r)
try:
    [3, "a", 1].sort()
except TypeError as e:
    print("TypeError:", e)
try:
    sorted([1, None])
except TypeError as e:
    print("TypeError:", e)
try:
    sorted([[1], (1,)])
except TypeError as e:
    print("TypeError:", e)
