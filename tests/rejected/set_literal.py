print("never reached in Typhon")
s = {1, 2, 3}
print(len(s))
