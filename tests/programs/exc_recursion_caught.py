# RecursionError can be caught and the program continues
def infinite(n):
    return infinite(n + 1)
try:
    infinite(0)
except RecursionError as e:
    print("RecursionError:", e)
    print(isinstance(e, RuntimeError))
def deep(n):
    if n == 0:
        return 0
    return 1 + deep(n - 1)
print(deep(900))
def mutual_a(n):
    return mutual_b(n + 1)
def mutual_b(n):
    return mutual_a(n + 1)
try:
    mutual_a(0)
except RuntimeError as e:
    print(type(e).__name__, e)
print("still alive", deep(100))
