x = 1
print(f"a{}b")
