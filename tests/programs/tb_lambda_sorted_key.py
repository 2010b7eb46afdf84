# An error in a key function called by sorted().
people = [("ann", 31), ("bob", None), ("cy", 22)]
print(sorted(people[::2], key=lambda p: p[1] + 1))
print(sorted(people, key=lambda p: p[1] + 1))
