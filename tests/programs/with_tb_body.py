class CM:
    def __enter__(self):
        return self
    def __exit__(self, *args):
        print("exit", args[0].__name__)

def f():
    with CM() as c:
        c.missing
f()
