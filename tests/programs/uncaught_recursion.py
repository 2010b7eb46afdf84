# unbounded recursion: RecursionError with a repeated-frame summary
def countdown(n):
    return countdown(n - 1) + 1

print("start")
countdown(10)
