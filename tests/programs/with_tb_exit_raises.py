class Bad:
    def __enter__(self):
        return self
    def __exit__(self, *args):
        raise RuntimeError("exit failed")

with Bad():
    x = 1 / 0
