# A dict changed while it is iterated: which keys the iterator sees, and
# when it raises, exactly as CPython 3.11 (whose iterator walks the dict's
# entry table: deleted keys leave holes until the table is rebuilt).


def walk(d, step, change, view=None):
    """Iterates d (or a view of it), calling change(d, key) at step."""
    seen = []
    it = d if view is None else getattr(d, view)()
    try:
        for i, k in enumerate(it):
            seen.append(k)
            if i == step:
                change(d, k)
    except RuntimeError as e:
        seen.append('changed size' if 'size' in str(e) else 'keys changed')
    return seen


def first(d):
    return list(d)[0]


def last(d):
    return list(d)[-1]


def new_key(d, k):
    return ('n', len(d)) if not isinstance(k, str) else f'n{len(d)}'


def del_ahead(d, k):
    del d[last(d)]
    d[new_key(d, k)] = 0


def del_behind(d, k):
    del d[first(d)]
    d[new_key(d, k)] = 0


def del_current(d, k):
    del d[k]
    d[new_key(d, k)] = 0


def readd_current(d, k):
    v = d.pop(k)
    d[k] = v


def add_del(d, k):
    d['x'] = 1
    del d['x']


def add_del_many(d, k):
    for j in range(9):
        d[j + 1000] = j
        del d[j + 1000]


def del_behind_str(d, k):
    del d[first(d)]
    d['zz'] = 0


def del_behind_int(d, k):
    del d[first(d)]
    d[-7] = 0


def swap_all(d, k):
    ks = list(d)
    for j in ks:
        del d[j]
    for j in range(len(ks)):
        d[(j, 'new')] = j


def clear_refill(d, k):
    n = len(d)
    d.clear()
    for j in range(n):
        d[j * 10] = j


def replace_value(d, k):
    d[k] = 'replaced'


def grow(d, k):
    d[new_key(d, k)] = 1


def shrink(d, k):
    del d[last(d)]


def update_swap(d, k):
    del d[first(d)]
    d.update({'u': 1})


def update_kw(d, k):
    del d[first(d)]
    d.update(kw=1)


CHANGES = [del_ahead, del_behind, del_current, readd_current, add_del, add_del_many,
           del_behind_str, del_behind_int, swap_all, clear_refill, replace_value,
           grow, shrink, update_swap, update_kw]


def holed(n):
    d = {i: i for i in range(n + 4)}
    for j in range(4):
        del d[j * 2 if j * 2 < n + 4 else j]
    return d


def code(seen, original, step):
    """What the iterator saw after the change at step: each key as its
    index in the original order ('n' for a new key), then S (changed size)
    or K (keys changed) if it raised."""
    out = []
    for k in seen[step + 1:]:
        if k == 'changed size':
            out.append('S')
        elif k == 'keys changed':
            out.append('K')
        elif k in original:
            out.append(str(original.index(k)))
        else:
            out.append('n')
    return ' '.join(out)


def report(name, make, n):
    original = list(make())
    for change in CHANGES:
        runs = []
        for step in range(0, n, 1 if n <= 12 else 8):
            d = make()
            runs.append(code(walk(d, step, change), original, step))
        print(name, n, change.__name__, '|'.join(runs))

LITERALS = [
    lambda: {0: 0, 1: 1, 2: 2},
    lambda: {'s0': 0, 's1': 1, 's2': 2},
    lambda: {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5},
    lambda: {'s0': 0, 's1': 1, 's2': 2, 's3': 3, 's4': 4, 's5': 5},
    lambda: {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 11, 12: 12, 13: 13, 14: 14},
    lambda: {'s0': 0, 's1': 1, 's2': 2, 's3': 3, 's4': 4, 's5': 5, 's6': 6, 's7': 7, 's8': 8, 's9': 9, 's10': 10, 's11': 11, 's12': 12, 's13': 13, 's14': 14},
    lambda: {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 11, 12: 12, 13: 13, 14: 14, 15: 15},
    lambda: {'s0': 0, 's1': 1, 's2': 2, 's3': 3, 's4': 4, 's5': 5, 's6': 6, 's7': 7, 's8': 8, 's9': 9, 's10': 10, 's11': 11, 's12': 12, 's13': 13, 's14': 14, 's15': 15},
    lambda: {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 11, 12: 12, 13: 13, 14: 14, 15: 15, 16: 16},
    lambda: {'s0': 0, 's1': 1, 's2': 2, 's3': 3, 's4': 4, 's5': 5, 's6': 6, 's7': 7, 's8': 8, 's9': 9, 's10': 10, 's11': 11, 's12': 12, 's13': 13, 's14': 14, 's15': 15, 's16': 16},
    lambda: {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 11, 12: 12, 13: 13, 14: 14, 15: 15, 16: 16, 17: 17},
    lambda: {'s0': 0, 's1': 1, 's2': 2, 's3': 3, 's4': 4, 's5': 5, 's6': 6, 's7': 7, 's8': 8, 's9': 9, 's10': 10, 's11': 11, 's12': 12, 's13': 13, 's14': 14, 's15': 15, 's16': 16, 's17': 17},
    lambda: {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10, 11: 11, 12: 12, 13: 13, 14: 14, 15: 15, 16: 16, 17: 17, 18: 18, 19: 19, 20: 20, 21: 21, 22: 22, 23: 23, 24: 24, 25: 25, 26: 26, 27: 27, 28: 28, 29: 29, 30: 30, 31: 31, 32: 32, 33: 33, 34: 34},
    lambda: {'s0': 0, 's1': 1, 's2': 2, 's3': 3, 's4': 4, 's5': 5, 's6': 6, 's7': 7, 's8': 8, 's9': 9, 's10': 10, 's11': 11, 's12': 12, 's13': 13, 's14': 14, 's15': 15, 's16': 16, 's17': 17, 's18': 18, 's19': 19, 's20': 20, 's21': 21, 's22': 22, 's23': 23, 's24': 24, 's25': 25, 's26': 26, 's27': 27, 's28': 28, 's29': 29, 's30': 30, 's31': 31, 's32': 32, 's33': 33, 's34': 34},
]


for n in [1, 2, 3, 4, 5, 6, 8, 11, 12]:
    report('comp', lambda: {i: i * i for i in range(n)}, n)
    report('str comp', lambda: {f'k{i}': i for i in range(n)}, n)
    report('holed', lambda: holed(n), n)
    report('holed copy', lambda: holed(n).copy(), n)
    report('holed dict()', lambda: dict(holed(n)), n)
    report('built', lambda: dict([(i, i) for i in range(n)]), n)

for make in LITERALS:
    n = len(make())
    report('literal ' + type(first(make())).__name__, make, n)
    if n < 16:
        report('literal copy', lambda: make().copy(), n)

# Views, and the iterator after the error.
d = {1: 'a', 2: 'b', 3: 'c'}
print(walk(d, 0, del_ahead, 'items'), walk(d, 0, del_behind, 'values'))
for change in [del_behind, grow]:
    d = {1: 'a', 2: 'b', 3: 'c'}
    it = iter(d)
    seen = []
    for j in range(6):
        try:
            seen.append(next(it))
        except StopIteration:
            seen.append('stop')
        except RuntimeError as e:
            seen.append(str(e))
        if j == 1:
            change(d, 0)
    print(change.__name__, seen)
