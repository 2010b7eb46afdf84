# Errors in nested calls: each frame marks the call it is in.
def leaf(d, k):
    return d[k] * 2

def middle(d, keys):
    return [leaf(d, k) for k in keys]

def top(d):
    return sum(middle(d, ["a", "b", "z"])) + 1

print(top({"a": 1, "b": 2, "z": 3}))
print(top({"a": 1, "b": 2}))
