"""Module docstring: an expression statement that does nothing."""
# comments, semicolons, line continuations, docstrings, nested blocks
x = 1; y = 2; z = x + y
print(x, y, z)
total = 1 + \
    2 + \
    3
print(total)
values = [
    1,
    2,  # trailing comment
    3,
]
print(values)
mapping = {
    "a": 1,
    "b": 2,
}
print(mapping)
def documented(a):
    """Function docstring."""
    # comment inside
    return a * 2
print(documented(21))
if x == 1: print("one-line if")
for i in range(2): print("one-line for", i)
while z > 0: z -= 1
print(z)
def f(): return "one-line def"
print(f())
result = (x +
          y *
          2)
print(result)
print(len([
    "a", "b"
]))
if (x == 1 and
        y == 2):
    print("multi-line condition")
t = 1,
print(t)
    # an indented comment line is fine
print("end")
