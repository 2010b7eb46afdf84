# statistics: averages and spread of ints, floats and Fractions, with
# CPython's exactly rounded results, types and errors.
import math
import statistics
from fractions import Fraction

ints = [2, 4, 4, 4, 5, 5, 7, 9]
floats = [0.1, 0.2, 0.3, 0.4, 1e-17, 2.5, 3.75]
fracs = [Fraction(1, 3), Fraction(2, 7), Fraction(5, 6), Fraction(1, 2)]
mixed = [1, 2.5, 3, 4.25]
odd = [3, 1, 4, 1, 5, 9, 2]

for name in ["mean", "median", "median_low", "median_high", "variance",
             "pvariance", "stdev", "pstdev", "fmean", "harmonic_mean",
             "geometric_mean"]:
    f = getattr(statistics, name)
    for data in [ints, floats, fracs, mixed, odd]:
        r = f(data)
        print(name, type(r).__name__, repr(r))

print(statistics.mean([1, 2, 3]), statistics.mean([1, 2, 3, 4]))
print(statistics.mean([True, False, True]))
print(statistics.mean(iter(range(10**6))))
print(statistics.mean([1e308, 1e308, -1e308]))
print(statistics.mean([1.0, float("inf")]), statistics.mean([float("nan"), 1]))
print(statistics.variance([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]))
print(statistics.variance(ints, 5), statistics.pvariance(ints, 5.0))
print(statistics.stdev([10**20 + 1, 10**20 + 3, 10**20 + 8]))
print(statistics.pstdev([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))
print(statistics.stdev([Fraction(1, 3), Fraction(1, 2)]))
print(statistics.fmean([3.5, 4.0, 5.25], [1, 2, 3]))
print(statistics.harmonic_mean([40, 60], weights=[5, 30]))
print(statistics.harmonic_mean([2.5, 0, 10]), statistics.harmonic_mean([7]))
print(statistics.mode([1, 1, 2, 3, 3, 3, 3, 4]), statistics.mode("aabbbcc"))
print(statistics.mode(["red", "blue", "blue", "red", "green"]))
print(statistics.multimode("aabbbbccddddeeffffgg"), statistics.multimode([]))
print(statistics.median([1, 3, 5, 7]), statistics.median(["a", "c", "b"]))
print(statistics.quantiles([105, 129, 87, 86, 111, 111, 89, 81, 108, 92,
                            110, 100, 75, 105, 103, 109, 76, 119, 99, 91,
                            103, 129, 106, 101, 84, 111, 74, 87, 86, 103], n=10))
print(statistics.quantiles(range(1, 11), n=4, method="inclusive"))
print(statistics.quantiles([1.5, 2.5], n=3))

for call in [lambda: statistics.mean([]), lambda: statistics.median([]),
             lambda: statistics.variance([1]), lambda: statistics.stdev([]),
             lambda: statistics.pvariance([]), lambda: statistics.pstdev([]),
             lambda: statistics.mode([]), lambda: statistics.fmean([]),
             lambda: statistics.geometric_mean([1, -2]),
             lambda: statistics.harmonic_mean([1, -2]),
             lambda: statistics.harmonic_mean([]),
             lambda: statistics.quantiles([1], n=4),
             lambda: statistics.quantiles([1, 2], n=0),
             lambda: statistics.quantiles([1, 2], method="middle"),
             lambda: statistics.mean(["a", "b"]),
             lambda: statistics.fmean([1, 2], [1]),
             lambda: statistics.fmean([1, 2], [1, -1])]:
    try:
        print(call())
    except (statistics.StatisticsError, TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(issubclass(statistics.StatisticsError, ValueError))
