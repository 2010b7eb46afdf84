z = 1 + 2j
print(z)
