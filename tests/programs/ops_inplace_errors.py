# In-place operators name themselves with their '=' in TypeErrors, and an
# empty sequence repeats to nothing at once, whatever the count.
cases = [(1.5, "a"), (1, "a"), ([1], "a"), (None, 2), ((1,), 1.5)]
for a, b in cases:
    for name in ("+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^", "@"):
        x = a
        try:
            if name == "+": x += b
            elif name == "-": x -= b
            elif name == "*": x *= b
            elif name == "/": x /= b
            elif name == "//": x //= b
            elif name == "%": x %= b
            elif name == "**": x **= b
            elif name == "<<": x <<= b
            elif name == ">>": x >>= b
            elif name == "&": x &= b
            elif name == "|": x |= b
            elif name == "^": x ^= b
            else: x @= b
            print(name, type(x).__name__)
        except TypeError as e:
            print(name, e)
        except (NotImplementedError, ValueError) as e:
            print(name, type(e).__name__)
print(len(() * 10**9), len([] * 2**62), [] * 2**62, () * -5)
t = ()
t *= 2**62
print(t)
