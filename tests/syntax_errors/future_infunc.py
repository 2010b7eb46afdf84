x = 1
def f():
    from __future__ import annotations
