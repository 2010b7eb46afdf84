# next() on instances of classes that define __next__, with and without a
# default, and on one that defines only __iter__.
class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        return self.n


c = Countdown(2)
print(next(c), next(c), next(c, "done"))
try:
    next(c)
except StopIteration:
    print("StopIteration")


class OnlyIter:
    def __iter__(self):
        return iter([1])


try:
    next(OnlyIter())
except TypeError as e:
    print(e)
print(next(iter(OnlyIter())))
