print("never reached in Typhon")
residues = {x % 3 for x in range(10)}
print(len(residues))
