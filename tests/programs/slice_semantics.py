# Slice clamping and step semantics across sequence types
seqs = ["abcdefg", [0, 1, 2, 3, 4, 5, 6], (10, 11, 12, 13, 14, 15, 16)]
bounds = [(None, None, None), (1, 5, None), (-3, None, None), (None, -3, None), (None, None, 2),
          (None, None, -1), (5, 1, -1), (5, 1, -2), (-1, -8, -3), (100, -100, -1), (-100, 100, 3),
          (2, 2, 1), (4, 2, 1), (None, 3, -1), (3, None, -1), (0, 7, 7), (6, None, -7)]
for s in seqs:
    for lo, hi, st in bounds:
        if lo is None and hi is None and st is None:
            print(s[:], s[::])
        elif st is None:
            if lo is None:
                print(s[:hi], end=" ")
            elif hi is None:
                print(s[lo:], end=" ")
            else:
                print(s[lo:hi], end=" ")
        elif lo is None and hi is None:
            print(s[::st], end=" ")
        elif lo is None:
            print(s[:hi:st], end=" ")
        elif hi is None:
            print(s[lo::st], end=" ")
        else:
            print(s[lo:hi:st], end=" ")
    print()
x = [1, 2, 3, 4, 5]
i = 1
j = -1
k = 2
print(x[i:j], x[i:j:k], x[j:i:-k], x[i * 2:], x[:j * 2], x[i - 10:j + 10])
print(x[None:2], x[2:None], x[::None], x[True:], "hello"[False:True])
big = 10 ** 30
print(x[-big:big], x[big:], x[:-big], x[::big], x[::-big])
try:
    print(x[::0])
except ValueError as e:
    print("ValueError:", e)
try:
    print("abc"[1:2:0])
except ValueError as e:
    print("ValueError:", e)
try:
    print(x[1.5:])
except TypeError as e:
    print("TypeError:", e)
