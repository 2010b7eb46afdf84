# A float power that overflows raises OverflowError from errno ERANGE:
# its args are (errno, message), which repr and .args show.
for base, exp in [(1e308, 2), (10.0, 400), (-1e200, 3), (2.0, 1e10), (1e300, 1.5)]:
    try:
        print(base ** exp)
    except OverflowError as e:
        print(repr(e), e.args, str(e))
try:
    pow(1e200, 2)
except OverflowError as e:
    print(type(e).__name__, e, len(e.args), e.args[0])
print(1e308 * 10, 2.0 ** 1023)
(1e155) ** 3
