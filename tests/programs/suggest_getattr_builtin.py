# getattr() gives the same suggestion as the dot.
nums = [3, 1]
print(callable(getattr(nums, "sort")))
getattr(nums, "sortt")()
