# CPython suggests from dir() of the type.
n = 255
print(n + 1)
print(n.bit_lenght())
