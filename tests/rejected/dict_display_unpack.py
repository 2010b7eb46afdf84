base = {"a": 1}
print({**base, "b": 2})
