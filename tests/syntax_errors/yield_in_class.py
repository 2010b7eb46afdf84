print("never")
class C:
    yield 1
