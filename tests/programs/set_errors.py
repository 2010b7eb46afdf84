# The errors of sets and frozensets, worded as CPython words them.

def attempt(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, "->", type(e).__name__, e)
    else:
        print(label, "=", r)

s = {1, 2, 3}
f = frozenset({1, 2})

# unhashable items
attempt("display", lambda: {1, []})
attempt("display of a set", lambda: {{1}})
attempt("comprehension", lambda: {x for x in [[1]]})
attempt("set(list of lists)", lambda: set([[1], [2]]))
attempt("frozenset(list of dicts)", lambda: frozenset([{}]))
attempt("add list", lambda: s.add([]))
attempt("add set", lambda: s.add({1}))
attempt("in", lambda: [] in s)
attempt("dict in", lambda: {} in f)
attempt("discard", lambda: s.discard([]))
attempt("remove", lambda: s.remove({}))
attempt("update", lambda: s.update([[0]]))
attempt("issuperset", lambda: s.issuperset([1, []]))
attempt("issuperset stops at a missing item", lambda: s.issuperset([9, []]))
attempt("issubset makes a set first", lambda: s.issubset([1, 2, 3, []]))
attempt("isdisjoint stops at a common item", lambda: s.isdisjoint([1, []]))
attempt("intersection", lambda: s.intersection([[]]))
attempt("difference", lambda: s.difference([[]]))
attempt("symmetric_difference", lambda: s.symmetric_difference([[]]))
attempt("hash(set)", lambda: hash({1}))
attempt("set as a dict key", lambda: {{1}: 2})
attempt("frozenset holding a set", lambda: frozenset([1, {2}]))

# A display evaluates its items before adding them; past 30 items, or
# after a *, each is added as soon as it is evaluated.
def item(v):
    print("evaluated", v)
    return v
attempt("small display", lambda: {item(1), item([]), item(2)})
attempt("starred display", lambda: {*item([1]), item([]), item(2)})
attempt("large display", lambda: {item(0), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                  16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
                                  item([]), item(31)})

# missing keys
attempt("remove missing", lambda: s.remove(99))
attempt("remove missing tuple", lambda: s.remove((4, 5)))
attempt("remove missing set", lambda: s.remove({4}))
attempt("remove missing str", lambda: s.remove("k"))
attempt("pop empty", lambda: set().pop())

# not iterable
attempt("set(int)", lambda: set(5))
attempt("frozenset(None)", lambda: frozenset(None))
attempt("{*int}", lambda: {*5})
attempt("update(int)", lambda: s.update(1))
attempt("union(int)", lambda: s.union([1], 2))
attempt("intersection(int)", lambda: s.intersection(1.5))
attempt("difference(int)", lambda: s.difference(3))
attempt("symmetric_difference(int)", lambda: s.symmetric_difference(3))
attempt("issubset(int)", lambda: s.issubset(3))
attempt("issuperset(int)", lambda: s.issuperset(3))
attempt("isdisjoint(int)", lambda: s.isdisjoint(3))
attempt("difference_update(int)", lambda: s.difference_update(3))
attempt("intersection_update(int)", lambda: s.intersection_update(3))
attempt("symmetric_difference_update(int)", lambda: s.symmetric_difference_update(3))

# argument counts and keywords
attempt("set(1, 2)", lambda: set([1], [2]))
attempt("frozenset(1, 2)", lambda: frozenset([1], [2]))
attempt("set(iterable=)", lambda: set(iterable=[1]))
attempt("frozenset(x=)", lambda: frozenset(x=1))
attempt("add()", lambda: s.add())
attempt("add(1, 2)", lambda: s.add(1, 2))
attempt("add(x=)", lambda: s.add(x=1))
attempt("discard()", lambda: s.discard())
attempt("remove(1, 2)", lambda: s.remove(1, 2))
attempt("pop(1)", lambda: s.pop(1))
attempt("clear(1)", lambda: s.clear(1))
attempt("copy(1)", lambda: s.copy(1))
attempt("frozenset copy(1)", lambda: f.copy(1))
attempt("update(x=)", lambda: s.update([1], x=2))
attempt("union(x=)", lambda: f.union(x=2))
attempt("issubset()", lambda: s.issubset())
attempt("frozenset issuperset(1, 2)", lambda: f.issuperset(1, 2))
attempt("isdisjoint()", lambda: f.isdisjoint())
attempt("symmetric_difference()", lambda: s.symmetric_difference())
attempt("symmetric_difference_update(1, 2)", lambda: s.symmetric_difference_update([1], [2]))

# what frozensets do not have
attempt("frozenset.add", lambda: f.add(3))
attempt("frozenset.discard", lambda: f.discard(1))
attempt("frozenset.update", lambda: f.update([1]))
attempt("set.append", lambda: s.append(1))
attempt("set.sort", lambda: s.sort())

# operators with other types
attempt("set | list", lambda: s | [1])
attempt("list | set", lambda: [1] | s)
attempt("set & tuple", lambda: s & (1,))
attempt("set - int", lambda: s - 1)
attempt("set ^ str", lambda: s ^ "ab")
attempt("frozenset + set", lambda: f + s)
attempt("set * 2", lambda: s * 2)
attempt("set < list", lambda: s < [1])
attempt("list >= frozenset", lambda: [1] >= f)
attempt("set <= int", lambda: s <= 3)
attempt("set > None", lambda: s > None)
attempt("set == list", lambda: s == [1, 2, 3])
attempt("sorted mixed", lambda: sorted([{1}, [1]]))
attempt("set[0]", lambda: s[0])
def delitem():
    t = {1}
    del t[0]
attempt("del set[0]", delitem)
def setitem():
    t = {1}
    t[0] = 1
attempt("set[0] = 1", setitem)
attempt("-set", lambda: -s)
attempt("format spec", lambda: format(s, "x"))

def ior():
    t = {1}
    t |= [2]
attempt("|= list", ior)
def iand():
    t = {1}
    t &= (2,)
attempt("&= tuple", iand)
def isub():
    t = frozenset({1})
    t -= [1]
attempt("frozenset -= list", isub)
def ixor():
    t = {1}
    t ^= 7
attempt("^= int", ixor)

# changed while iterated
def grow():
    t = {1, 2, 3}
    for x in t:
        t.add(x * 10)
attempt("add while iterating", grow)
def shrink():
    t = {1, 2, 3}
    for x in t:
        t.discard(x)
attempt("discard while iterating", shrink)
def sticky():
    t = {1, 2, 3}
    it = iter(t)
    next(it)
    t.add(4)
    try:
        next(it)
    except RuntimeError as e:
        print("first next:", e)
    t.discard(4)
    return next(it)
attempt("the error sticks", sticky)
def same_size():
    t = {1, 2, 3}
    it = iter(t)
    first = next(it)
    t.discard(3)
    t.add(30)
    return first, list(it)
attempt("same size", same_size)
def exhausted():
    t = {1}
    it = iter(t)
    list(it)
    t.add(2)
    return list(it)
attempt("exhausted iterator", exhausted)

print(s, f)
s.remove(42)
