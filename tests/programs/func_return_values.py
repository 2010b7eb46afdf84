# return statements and values
def nothing():
    pass
def bare():
    return
def multi():
    return 1, "two", [3]
def early(n):
    for i in range(n):
        if i * i > n:
            return i
    return -1
def nested_return(x):
    if x > 0:
        if x > 10:
            return "big"
        return "small"
    return "non-positive"
print(nothing(), bare(), multi(), early(50), early(0))
print([nested_return(x) for x in [-1, 5, 50]])
a, b, c = multi()
print(c, b, a)
def ret_in_while():
    i = 0
    while True:
        i += 1
        if i == 7:
            return i
print(ret_in_while())
def ret_list():
    return [x * 2 for x in range(3)]
print(ret_list()[1], len(ret_list()))
def choose(flag):
    return "yes" if flag else "no"
print(choose(1), choose(0), choose([]), choose("x"))
def returns_func():
    def inner(x):
        return x + 1
    return inner
print(returns_func()(41))
def ret_dict():
    return {"k": [1, 2]}
print(ret_dict()["k"][1])
