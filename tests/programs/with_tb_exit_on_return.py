class Bad:
    def __enter__(self):
        return self
    def __exit__(self, *args):
        raise KeyError("from exit")

def f():
    with Bad():
        return 5
print(f())
