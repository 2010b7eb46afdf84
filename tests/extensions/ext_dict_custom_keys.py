# Dict keys of Python classes with their own __hash__ and __eq__, stored
# and looked up by C code (PyDict_SetItem, PyDict_GetItemWithError,
# PyDict_Contains, PyDict_DelItem): the class's methods run, and what they
# raise reaches the caller.
import checks

calls = []


class Key:
    def __init__(self, name):
        self.name = name

    def __hash__(self):
        calls.append(("hash", self.name))
        return hash(self.name.lower())

    def __eq__(self, other):
        calls.append(("eq", self.name))
        return isinstance(other, Key) and self.name.lower() == other.name.lower()

    def __repr__(self):
        return f"Key({self.name!r})"


d = {}
print(checks.dict_key_calls(d, Key("Alpha"), 1, Key("ALPHA")), d)
print(sorted(c for i, c in enumerate(calls) if c not in calls[:i]))
d = {Key("beta"): "old"}
print(checks.dict_key_calls(d, Key("Beta"), "new", Key("other")), d)
print(d[Key("BETA")])
t = {}
print(checks.dict_key_calls(t, (1, Key("x")), "tuple", (1, Key("X"))), t)


class BadHash:
    def __hash__(self):
        raise ValueError("no hash for you")


class BadEq(Key):
    __hash__ = Key.__hash__

    def __eq__(self, other):
        raise RuntimeError("eq failed")


for args in [
    ({}, BadHash(), 1, "probe"),
    ({}, "k", 1, BadHash()),
    ({}, BadEq("a"), 1, BadEq("a2")),
    ({}, BadEq("a"), 1, BadEq("A")),
]:
    try:
        print(checks.dict_key_calls(*args))
    except Exception as e:
        print(type(e).__name__, e)


class Unhashable:
    def __eq__(self, other):
        return True


try:
    checks.dict_key_calls({}, Unhashable(), 1, 2)
except TypeError as e:
    print("TypeError", e)
