# Augmented assignment: the target's load is marked when it fails, the
# whole statement for the operation.
counts = {"a": 1}
counts["a"] += 1
print(counts)
counts["b"] += 1
