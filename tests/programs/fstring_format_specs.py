# f-string format specs
x = 3.14159265
n = 1234567
neg = -42
print(f"{x:.3f}|{x:.0f}|{x:10.2f}|{x:<10.2f}|{x:^10.2f}|{-x:.1f}|{2.5:.0f}|{3.5:.0f}")
print(f"{n:>10}|{n:<10}|{n:^10}|{'ab':>5}|{'ab':<5}|{'ab':^5}|{'abc':^6}|{'x':^4}")
print(f"{7:05d}|{-7:05d}|{n:05d}|{0:3d}|{neg:d}|{neg:6d}|{neg:<6d}|")
print(f"{n:,}|{-n:,}|{1234.5678:,}|{123:,}|{10 ** 12:,}|{1234567.891:,.2f}")
print(f"{x:e}|{n:e}|{x:.2e}|{0.000123:.2e}|{-12345.678:.3e}|{0.0:e}|{1e100:.1e}")
print(f"{255:x}|{171:x}|{-255:x}|{5:b}|{-5:b}|{0:x}|{2 ** 70:x}|{10:08b}")
print(f"{0.5:.1%}|{0.12345:.1%}|{1:.0%}|{-0.25:.2%}|{2.5:%}")
print(f"{5:+d}|{-5:+d}|{0:+d}|{x:+.2f}|{-x:+.2f}")
print(f"{'s':>3}|{'long string':>3}|{'':>2}|{12:>1}")
for w in [1, 4, 8]:
    print(f"[{n:{w}}]", f"[{'ab':{w}}]", f"[{x:{w}.1f}]", f"[{7:0{w}d}]")
print(f"{1e16:.0f}|{123456789.123:.3f}|{0.1:.20f}|{1/3:.15f}|{2 / 3:.2f}")
print(f"{float('inf'):.2f}|{float('nan'):.2f}|{float('-inf'):e}|{-0.0:.1f}|{-0.04:.1f}")
print(f"{True:d}|{False:5}|{True:>5}|{True}")
print(f"{12.0:.3e}|{5:.2f}|{5:e}|{5:.1%}|{7.0:,}")
rows = [("apple", 1.5, 3), ("banana", 0.25, 12), ("cherry", 10.0, 100)]
print(f"{'item':<10}{'price':>8}{'qty':>6}")
for item, price, qty in rows:
    print(f"{item:<10}{price:>8.2f}{qty:>6d}")
print(f"{'total':<10}{sum([p * q for _, p, q in rows]):>8.2f}")
