# del statement and pass
x = 10
del x
try:
    print(x)
except NameError as e:
    print("NameError:", e)
lst = [0, 1, 2, 3, 4, 5]
del lst[1]
del lst[-1]
print(lst)
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
a, b = 1, 2
del a, b
try:
    print(a)
except NameError as e:
    print("NameError:", e)
nested = {"k": [1, 2, 3]}
del nested["k"][0]
print(nested)
def f():
    y = 1
    del y
    try:
        return y
    except UnboundLocalError as e:
        return "UnboundLocalError: " + str(e)
print(f())
def g():
    pass
print(g())
for i in range(3):
    pass
if True:
    pass
else:
    pass
while False:
    pass
try:
    pass
except Exception:
    pass
print("done")
try:
    del undefined_name
except NameError as e:
    print("NameError:", e)
