print(len(str(10)), str((-(10))[:3], len(repr(-(10))))
for v in (1, 2):
    print(v)
