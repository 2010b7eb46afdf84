# format() and f-strings of complex numbers: no type (like str(), but a
# precision means 'g'), e/E/f/F/g/G/n, fill and alignment (default
# right), sign, 'z', '#', grouping, and CPython's refusals: zero padding,
# '=' alignment, '%' and other types. printf-style % takes no complex.

INF = float("inf")
NAN = float("nan")


def attempt(v, spec):
    try:
        print(repr(spec), "->", repr(format(v, spec)))
    except Exception as e:
        print(repr(spec), "->", type(e).__name__ + ":", e)


values = [1 + 2j, -1.5 - 2.25j, 2j, -0j, complex(-0.0, -0.0), 1234567.891 + 0.000123j,
          complex(INF, NAN), complex(-INF, 1e-7), 1e20 + 1e-20j, complex(0.0, -3.0)]
specs = ["", "g", ".2", ".2f", "e", "E", "f", "F", "G", ".3g", "n", ".0e", "+", " ", "-",
         "+.1f", " .2f", ">20", "<20", "^20", "*^25.3f", "20", "x>14", "\u00e9<12", "#", "#.0f",
         "#g", ",", "_", ",.2f", "_e", ",g", "z", "z.1f", "z+", "12.4", "+.0", ".30g", ".15",
         "010", "0>10", "<010", "=10", "*=10", "%", ".3%", "d", "x", "s", "c", ",n", "_n",
         ",_", "1" + "9" * 20, ".", "10.3q", ".2147483648f", "\0"]
for v in values:
    print(v)
    for spec in specs:
        attempt(v, spec)

z = 1 + 2j
print(f"{z}", f"{z!r}", f"{z!s:>12}", f"{z:8.3f}", f"{3j!r}", f"{-z:+}", f"{z:{'^'}{15}}")
print("{} {:.1f} {:>10} {!r}".format(z, z, 1j, -1j), "%s|%r|%a" % (1j, 2j, -3j))
for spec in ["%d", "%f", "%x", "%.2e", "%c", "%i", "%g"]:
    try:
        print(spec % (1j,))
    except TypeError as e:
        print(spec, "->", e)
print(str(1j).center(10, "*"), repr(1j).rjust(6), str(complex(1, -1)).upper())
