# callable() for every kind of callable, and for things that are not.


class Plain:
    def m(self):
        return 1

    @staticmethod
    def s():
        return 2

    @classmethod
    def c(cls):
        return 3


class WithCall:
    def __call__(self, x):
        return x * 2


class SubCall(WithCall):
    pass


class Later:
    pass


def f():
    pass


g = lambda: 0
p = Plain()
w = WithCall()
print("function", callable(f), callable(g))
print("builtin", callable(len), callable(print), callable([].append))
print("type", callable(int), callable(Plain), callable(type), callable(ValueError))
print("bound method", callable(p.m), callable(Plain.m), callable(p.c), callable(Plain.s))
print("instance", callable(p), callable(w), callable(SubCall()))
print("instance __call__ result", w(21), SubCall()(4))
later = Later()
print("before", callable(later))
Later.__call__ = lambda self: "now"
print("after", callable(later), later())
print("staticmethod object", callable(Plain.__dict__["s"]), Plain.__dict__["s"]())
print("classmethod object", callable(Plain.__dict__["c"]))
print("values", callable(1), callable("s"), callable(None), callable([]), callable({}))
print("generator", callable(x for x in ()))
print("exception instance", callable(ValueError("e")))
try:
    callable()
except TypeError as e:
    print(e)
try:
    callable(1, 2)
except TypeError as e:
    print(e)
try:
    p()
except TypeError as e:
    print(e)
