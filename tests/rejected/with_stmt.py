def read(path):
    with open(path) as fh:
        return fh.read()
print("never reached in Typhon")
