# global statement
counter = 0
def incr():
    global counter
    counter += 1
    return counter
for _ in range(5):
    incr()
print(counter)
def make_global():
    global created_later
    created_later = "hello"
make_global()
print(created_later)
total = 100
def read_only():
    return total * 2
print(read_only())
def shadow():
    total = 5
    return total
print(shadow(), total)
def reset():
    global counter, total
    counter, total = -1, -2
reset()
print(counter, total)
items = []
def add(x):
    items.append(x)
add(1)
add(2)
print(items)
def unbound():
    print(counter)
    counter = 5
try:
    unbound()
except UnboundLocalError as e:
    print("UnboundLocalError:", e)
def nested_global():
    def inner():
        global counter
        counter = 1000
    inner()
nested_global()
print(counter)
