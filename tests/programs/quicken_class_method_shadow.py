# LOAD_METHOD_INSTANCE checks that the instance does not shadow the method:
# the hot loop scans small instance dicts by hash, larger ones (and
# non-str keys) are the general loop's (the corpus also runs this with
# warmup 0).
class A:
    def m(self):
        return "method"
def call(o):
    return o.m()
a = A()
for i in range(20):
    setattr(a, "a" + str(i), i)
print(call(a), call(a))
a.m = lambda: "shadow"
print(call(a))
del a.m
print(call(a))
b = A()
print(call(b))
b.__dict__["m"] = lambda: "via dict"
print(call(b))
b.__dict__[7] = 1
del b.__dict__["m"]
print(call(b))
