import typing
def f(a: list[int], b: int | None, c: dict[str, list[tuple[int, ...]]]) -> set[str] | frozenset[int] | None: pass
print(f.__annotations__)
print(list[int], type(list[int]), list[int].__origin__, list[int].__args__)
print(list[int] == list[int], list[int] == list[str], hash(list[int]) == hash(list[int]))
print(list[int]("ab"), dict[str, int](a=1), tuple[int, ...]([1, 2]))
u = int | None
print(u, type(u), u.__args__, u == (None | int), int | int, int | str | int)
print(int | list[str], list[str] | None, type[int], (int | str) | (float | None))
class C: pass
print(C | None, list[C])
try:
    int | 1
except TypeError as e:
    print("TypeError", e)
try:
    1 | str
except TypeError as e:
    print("TypeError", e)
def g(x: typing.List[int], y: typing.Optional[str] = None) -> typing.Dict[str, int]: return {}
print(g.__annotations__)
