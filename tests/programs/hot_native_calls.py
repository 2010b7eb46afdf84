# Calls of Rust builtins and FOR_ITER over other iterators, which the hot
# loop's calling copy runs itself: results, errors raised inside them (with
# their traceback lines), and sites that see other kinds of iterator later.


class Countdown:
    def __init__(self, n, fail_at=None):
        self.n = n
        self.fail_at = fail_at

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == self.fail_at:
            raise ValueError("bad step %d" % self.n)
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        return self.n


def loop_over(it):
    out = []
    for x in it:
        out.append(x)
    return out


def counts(words):
    d = {}
    for w in words:
        d[w] = d.get(w, 0) + 1
    return d


def frames():
    seen = []
    for i in range(3):
        seen.append(sorted(locals()))
        x = i
    return seen


def pops(d, keys):
    got = []
    for k in keys:
        got.append(d.pop(k))
    return got


def main():
    for _ in range(3):
        print(loop_over(enumerate("ab")))
        print(loop_over(zip([1, 2], "xy")))
        print(loop_over({"k": 1, "j": 2}.items()))
        print(loop_over(Countdown(3)))
        print(loop_over([7, 8]))
        print(loop_over(range(2)))
        print(loop_over(x * 2 for x in range(3)))
        print(loop_over(map(str, [1, 2])))
    print(counts("a b a c b a".split()))
    print(frames())
    try:
        loop_over(Countdown(5, fail_at=2))
    except ValueError as e:
        print("ValueError", e)
    try:
        pops({1: 1, 2: 2}, [1, 2, 3])
    except KeyError as e:
        print("KeyError", e)
    it = iter([1, 2, 3])
    print(loop_over(it), loop_over(it))
    print(sum(abs(v) for v in (-1, 2, -3)), max(min(4, 9), 2))
    pops({1: 1}, [1, 1])


main()
