def f(a: int, a: str):
    pass
