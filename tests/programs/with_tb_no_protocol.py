class NoEnter:
    def __exit__(self, *a):
        pass
try:
    with NoEnter():
        pass
except TypeError as e:
    print(e)
class NoExit:
    def __enter__(self):
        pass
try:
    with NoExit():
        pass
except TypeError as e:
    print(e)
with 42:
    pass
