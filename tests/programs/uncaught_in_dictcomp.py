# exception inside a dict comprehension: frame <dictcomp>
table = {"a": 1, "b": 2}
keys = ["a", "b", "c"]
print({k: table[k] * 10 for k in keys})
