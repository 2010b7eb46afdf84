# A typo of a global inside a function.
counter = 10
threshold = 3

def over():
    return countr > threshold

print(over())
