class CM:
    def __enter__(self):
        raise ValueError("enter failed")
    def __exit__(self, *args):
        print("never")

with CM():
    print("never")
