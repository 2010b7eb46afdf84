def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1
print("never reached in Typhon")
