# An attribute typo on a dict, read without a call.
d = {"a": 1}
print(d.items())
view = d.itmes
