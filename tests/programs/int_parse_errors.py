# Errors from int() conversions, caught and printed
bad = ['abc', '', '   ', '1.5', '12a', '0x10', '1__0', '_1', '1_', '- 1', '++1', '0b2']
for s in bad:
    try:
        print(int(s))
    except ValueError as e:
        print("ValueError:", e)
try:
    int('2', 2)
except ValueError as e:
    print("ValueError:", e)
try:
    int('g', 16)
except ValueError as e:
    print("ValueError:", e)
try:
    int('010', 0)
except ValueError as e:
    print("ValueError:", e)
try:
    int('1', 37)
except ValueError as e:
    print("ValueError:", e)
try:
    int(float('inf'))
except OverflowError as e:
    print("OverflowError:", e)
try:
    int(float('-inf'))
except OverflowError as e:
    print("OverflowError:", e)
try:
    int(float('nan'))
except ValueError as e:
    print("ValueError:", e)
try:
    int(None)
except TypeError as e:
    print("TypeError:", e)
try:
    int([1])
except TypeError as e:
    print("TypeError:", e)
try:
    int(5, 2)
except TypeError as e:
    print("TypeError:", e)
