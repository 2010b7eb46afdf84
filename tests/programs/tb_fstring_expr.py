# An error inside an f-string replacement field.
def show(n, d):
    return f"{n} / {d} = {n / d:.2f}"

print(show(1, 4))
print(show(1, 0))
