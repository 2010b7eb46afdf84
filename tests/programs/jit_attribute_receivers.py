# Methods of built-in types called on an attribute's value in compiled
# loops (`self.items.append(x)`, `self.seen.add(x)`, `self.name.upper()`)
# guard the value's exact type in its operand slot; another type at the
# same site (a subclass, a dict where a set was) goes back to the
# interpreter.
class Log:
    def __init__(self):
        self.items = []
        self.seen = set()
        self.name = "log"

    def run(self, n):
        for i in range(n):
            self.items.append(i % 5)
            self.seen.add(i % 7)
            self.seen.discard(i % 3)
            if i % 50 == 0:
                self.items.append(self.name.upper())
        return len(self.items), sorted(self.seen)


class Loud(list):
    def append(self, x):
        list.append(self, ("loud", x))


log = Log()
for _ in range(30):
    r = log.run(100)
print(r, log.items[-3:])
log.items = Loud()
log.seen = {0: "dict"}
try:
    log.run(3)
except AttributeError as e:
    print("AttributeError", e)
print(log.items)
log.seen = set()
log.name = "ß"
print(log.run(51), log.items[-3:])
try:
    log.seen.remove(99)
except KeyError as e:
    print("KeyError", e)
