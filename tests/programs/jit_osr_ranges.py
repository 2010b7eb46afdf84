# On-stack replacement of range loops: the code made for the running
# call takes the loop's index to be non-negative and its stop small
# enough that `i * 3` cannot overflow, as after `range(n)`; a running
# loop outside that (a negative start, a huge stop) goes on in the
# interpreter from its header, with the same results.


def scaled(start, stop, limit):
    t = 0
    for i in range(start, stop):
        t += i * 3 % 7
        if i - start >= limit:
            break
    return t


def neg_then_pos(n):
    t = 0
    for i in range(-n, n):
        t += i * 5
    return t


print(scaled(0, 5000, 10 ** 9))
print(scaled(-3000, 3000, 10 ** 9))
print(scaled(2 ** 62, 2 ** 62 + 5000, 10 ** 9))
print(scaled(9223372036854770000, 9223372036854775807, 3000))
print(neg_then_pos(3000))
print(scaled(10, 2 ** 63 - 1, 4000))
