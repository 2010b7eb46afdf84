# fastmath: typed libm wrappers and integer functions.
import fastmath

print(fastmath.sqrt(2.0), fastmath.sqrt(16), fastmath.sqrt(True))
print(fastmath.sin(0.5), fastmath.cos(0.5), fastmath.exp(1.0), fastmath.log(10.0))
print(fastmath.hypot(3.0, 4.0), fastmath.hypot(5, 12), fastmath.fma(2.0, 3.0, 1.0))
print(fastmath.fma(0.1, 10, -1.0))
print(fastmath.gcd(12, 18), fastmath.gcd(-12, 18), fastmath.gcd(0, 0), fastmath.gcd(7, 0))
print(fastmath.popcount(0), fastmath.popcount(255), fastmath.popcount(-1), fastmath.popcount(2**62))
print(fastmath.sin(-1.5707963267948966), fastmath.log(1.0))

total = 0.0
for i in range(1, 2001):
    total = total + fastmath.sqrt(i) * fastmath.cos(i)
print(f"{total:.6f}")

for call in [
    lambda: fastmath.sqrt(-1.0),
    lambda: fastmath.log(0),
    lambda: fastmath.log(-2.5),
    lambda: fastmath.exp(1000.0),
    lambda: fastmath.sin(float("inf")),
    lambda: fastmath.sqrt("4"),
    lambda: fastmath.sqrt(None),
    lambda: fastmath.hypot(1.0),
    lambda: fastmath.fma(1, 2),
    lambda: fastmath.gcd(1.5, 2),
    lambda: fastmath.gcd(-2**63, 0),
    lambda: fastmath.gcd(2**64, 2),
    lambda: fastmath.popcount("x"),
]:
    try:
        print("ok", call())
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(fastmath.log(float("nan")), fastmath.exp(float("-inf")), fastmath.sqrt(float("inf")))
