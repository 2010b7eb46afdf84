# __next__ and __iter__ of generators and the built-in iterators.


def g():
    yield 1
    yield 2


def r():
    yield 1
    return 7


x = g()
print(x.__next__(), x.__iter__() is x, next(x))
it = iter([1, 2])
print(it.__next__(), it.__iter__() is it)
n = iter("ab").__next__
print(n(), n())
try:
    n()
except StopIteration as e:
    print("stop", e.args)
print(iter(range(3)).__next__(), iter({1: 2}).__next__(), iter((5,)).__next__())
print(enumerate("a").__next__(), zip("a", "b").__next__(), map(str, [1]).__next__())
print(iter({1: 2}.items()).__next__(), reversed([1, 2]).__next__(), filter(None, [0, 3]).__next__())
y = r()
y.__next__()
try:
    y.__next__()
except StopIteration as e:
    print("stop", e.value)
print(hasattr(iter([]), "__next__"), hasattr([], "__next__"), hasattr(g(), "__iter__"))
for bad in (lambda: iter([]).__next__(1), lambda: g().__next__(1, 2), lambda: iter([]).__next__(a=1),
            lambda: iter([]).__iter__(3)):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
