# Common list errors
lst = [1, 2, 3]
try:
    print(lst[3])
except IndexError as e:
    print("IndexError:", e)
try:
    print(lst[-4])
except IndexError as e:
    print("IndexError:", e)
try:
    lst[10] = 5
except IndexError as e:
    print("IndexError:", e)
try:
    [].pop()
except IndexError as e:
    print("IndexError:", e)
try:
    lst.pop(7)
except IndexError as e:
    print("IndexError:", e)
try:
    lst.remove(42)
except ValueError as e:
    print("ValueError:", e)
try:
    lst.index(42)
except ValueError as e:
    print("ValueError:", e)
try:
    lst.index("x")
except ValueError as e:
    print("ValueError:", e)
try:
    del lst[5]
except IndexError as e:
    print("IndexError:", e)
try:
    print(lst + (4,))
except TypeError as e:
    print("TypeError:", e)
try:
    print(lst + "ab")
except TypeError as e:
    print("TypeError:", e)
try:
    print(lst["0"])
except TypeError as e:
    print("TypeError:", e)
try:
    print(lst * 1.5)
except TypeError as e:
    print("TypeError:", e)
try:
    print([1] < ["a"])
except TypeError as e:
    print("TypeError:", e)
try:
    lst.append(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    print(lst.foo)
except AttributeError as e:
    print("AttributeError:", e)
print(lst)
