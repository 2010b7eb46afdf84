from __future__ import annotations

def f(a: int, b: (c := 1)) -> None:
    pass
