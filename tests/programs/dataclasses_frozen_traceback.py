# An uncaught FrozenInstanceError: the traceback runs through the generated
# __setattr__ ("<string>"), as in CPython.
from dataclasses import dataclass


@dataclass
class Q:
    a: int
    b: int = 2

    def __post_init__(self):
        if self.a < 0:
            raise ValueError("negative")


try:
    Q(-1)
except ValueError as e:
    print("caught", e)


@dataclass(frozen=True)
class P:
    x: int


p = P(1)
print(p)
p.x = 2
