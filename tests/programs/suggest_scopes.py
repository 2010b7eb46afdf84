# Candidates come from the innermost frame: its parameters and locals
# (not the cells it only shares with inner functions), then its globals,
# then the builtins.
def outer(total):
    count = 2
    def inner():
        return count + 1
    try:
        print(cont)
    except NameError as e:
        print("caught:", e)
    print(inner())
    return totl + count

outer(5)
