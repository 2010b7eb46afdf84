# closures with nonlocal state
def make_counter(start=0):
    count = start
    def incr(step=1):
        nonlocal count
        count += step
        return count
    return incr
c1 = make_counter()
c2 = make_counter(100)
print(c1(), c1(), c1(5), c2(), c1(), c2(-50))
def make_adder(n):
    def add(x):
        return x + n
    return add
add5 = make_adder(5)
add10 = make_adder(10)
print(add5(1), add10(1), make_adder(-1)(1))
def make_account(balance):
    def deposit(amount):
        nonlocal balance
        balance += amount
        return balance
    def withdraw(amount):
        nonlocal balance
        if amount > balance:
            return "insufficient"
        balance -= amount
        return balance
    def get():
        return balance
    return deposit, withdraw, get
dep, wd, get = make_account(50)
print(dep(25), wd(100), wd(70), get(), dep(1), get())
def accumulator():
    items = []
    def add(x):
        items.append(x)
        return len(items)
    def snapshot():
        return items[:]
    return add, snapshot
add, snap = accumulator()
add("a")
add("b")
s = snap()
add("c")
print(s, snap())
def memo_fib():
    cache = {}
    def fib(n):
        if n in cache:
            return cache[n]
        r = n if n < 2 else fib(n - 1) + fib(n - 2)
        cache[n] = r
        return r
    return fib
fib = memo_fib()
print(fib(90), fib(200))
