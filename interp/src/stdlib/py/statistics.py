"""Typhon's statistics: averages and spread of int, float and Fraction
data, computed exactly (as fractions) and rounded once, so that results
are CPython's. Not here: Decimal data, NormalDist, median_grouped,
covariance, correlation and linear_regression."""

import math
from collections import Counter
from fractions import Fraction

__all__ = [
    "StatisticsError", "fmean", "geometric_mean", "harmonic_mean", "mean",
    "median", "median_high", "median_low", "mode", "multimode", "pstdev",
    "pvariance", "quantiles", "stdev", "variance",
]


class StatisticsError(ValueError):
    pass


def _ratio(x):
    """x as (numerator, denominator), or (x, None) for an infinity or NaN."""
    if type(x) is int or type(x) is bool:
        return (int(x), 1)
    if isinstance(x, float):
        if math.isfinite(x):
            return x.as_integer_ratio()
        return (x, None)
    if isinstance(x, Fraction):
        return (x.numerator, x.denominator)
    if isinstance(x, int):
        return (int(x), 1)
    raise TypeError(f"can't convert type '{type(x).__name__}' to numerator/denominator")


def _coerce(t, s):
    """The type a result of data of types t and s has."""
    if t is s:
        return t
    if s is int or s is bool:
        return t
    if t is int:
        return s
    if issubclass(s, t):
        return s
    if issubclass(t, s):
        return t
    if issubclass(t, int):
        return s
    if issubclass(s, int):
        return t
    if issubclass(t, Fraction) and issubclass(s, float):
        return s
    if issubclass(t, float) and issubclass(s, Fraction):
        return t
    raise TypeError(f"don't know how to coerce {t.__name__} and {s.__name__}")


def _sum(data):
    """(result type, exact sum, count) of data."""
    count = 0
    t = int
    by_den = {}
    special = None
    for x in data:
        t = _coerce(t, type(x))
        n, d = _ratio(x)
        count += 1
        if d is None:
            special = n if special is None else special + n
        else:
            by_den[d] = by_den.get(d, 0) + n
    if special is not None:
        return (t, special, count)
    total = Fraction(0)
    for d, n in by_den.items():
        total += Fraction(n, d)
    return (t, total, count)


def _convert(value, t):
    """The exact value as type t (a float when t is int but the value is
    not a whole number)."""
    if type(value) is t:
        return value
    if issubclass(t, int) and value.denominator != 1:
        t = float
    return t(value)


def mean(data):
    t, total, n = _sum(data)
    if n < 1:
        raise StatisticsError("mean requires at least one data point")
    if not isinstance(total, Fraction):
        return _convert(total / n, float)
    return _convert(total / n, t)


def fmean(data, weights=None):
    if weights is None:
        values = list(data)
        if not values:
            raise StatisticsError("fmean requires at least one data point")
        return math.fsum(values) / len(values)
    values = list(data)
    weights = list(weights)
    num = math.fsum(x * w for x, w in zip(values, weights))
    if len(values) != len(weights):
        raise StatisticsError("data and weights must be the same length")
    den = math.fsum(weights)
    if not den:
        raise StatisticsError("sum of weights must be non-zero")
    return num / den


def geometric_mean(data):
    try:
        return math.exp(fmean(map(math.log, data)))
    except ValueError:
        raise StatisticsError(
            "geometric mean requires a non-empty dataset containing positive numbers"
        ) from None


def harmonic_mean(data, weights=None):
    if iter(data) is data:
        data = list(data)
    errmsg = "harmonic mean does not support negative values"
    n = len(data)
    if n < 1:
        raise StatisticsError("harmonic_mean requires at least one data point")
    if n == 1 and weights is None:
        x = data[0]
        if isinstance(x, (int, float, Fraction)):
            if x < 0:
                raise StatisticsError(errmsg)
            return x
        raise TypeError("unsupported type")
    if weights is None:
        weights = [1] * n
        sum_weights = n
    else:
        if iter(weights) is weights:
            weights = list(weights)
        if len(weights) != n:
            raise StatisticsError("Number of weights does not match data size")
        for w in weights:
            if w < 0:
                raise StatisticsError(errmsg)
        _t, sum_weights, _n = _sum(weights)
    for x in data:
        if x < 0:
            raise StatisticsError(errmsg)
    try:
        t, total, _count = _sum(w / x for w, x in zip(weights, data))
    except ZeroDivisionError:
        # A zero in the data makes the mean zero.
        return 0
    if total <= 0:
        raise StatisticsError("Weighted sum must be positive")
    return _convert(sum_weights / total, t)


def _sorted(data):
    """data sorted, and its length; an error when it is empty."""
    data = sorted(data)
    if not data:
        raise StatisticsError("no median for empty data")
    return data, len(data)


def median(data):
    data, n = _sorted(data)
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2


def median_low(data):
    data, n = _sorted(data)
    if n % 2 == 1:
        return data[n // 2]
    return data[n // 2 - 1]


def median_high(data):
    data, n = _sorted(data)
    return data[n // 2]


def mode(data):
    pairs = Counter(iter(data)).most_common(1)
    if not pairs:
        raise StatisticsError("no mode for empty data")
    return pairs[0][0]


def multimode(data):
    counts = Counter(iter(data))
    if not counts:
        return []
    most = max(counts.values())
    return [value for value, count in counts.items() if count == most]


def quantiles(data, *, n=4, method="exclusive"):
    if n < 1:
        raise StatisticsError("n must be at least 1")
    data = sorted(data)
    ld = len(data)
    if ld < 2:
        raise StatisticsError("must have at least two data points")
    result = []
    if method == "inclusive":
        m = ld - 1
        for i in range(1, n):
            j, delta = divmod(i * m, n)
            result.append((data[j] * (n - delta) + data[j + 1] * delta) / n)
        return result
    if method == "exclusive":
        m = ld + 1
        for i in range(1, n):
            j = i * m // n
            j = 1 if j < 1 else ld - 1 if j > ld - 1 else j
            delta = i * m - j * n
            result.append((data[j - 1] * (n - delta) + data[j] * delta) / n)
        return result
    raise ValueError(f"Unknown method: {method!r}")


def _ss(data, c=None):
    """(result type, exact sum of squared deviations, count) of data,
    about c if given, else about the exact mean."""
    data = list(data)
    if c is not None:
        t, ss, count = _sum((x - c) * (x - c) for x in data)
        return (t, ss, count)
    t, total, count = _sum(data)
    if not isinstance(total, Fraction):
        return (t, total, count)
    if count == 0:
        return (t, Fraction(0), 0)
    xbar = total / count
    ss = Fraction(0)
    for x in data:
        num, den = _ratio(x)
        d = Fraction(num, den) - xbar
        ss += d * d
    return (t, ss, count)


def _sqrt_frac(num, den):
    """The square root of num/den as a float, correctly rounded: an
    integer square root with enough extra bits, rounded to odd, then one
    correctly rounded division."""
    shift = (num.bit_length() - den.bit_length() - 109) // 2
    if shift >= 0:
        n, d = num, den << (2 * shift)
    else:
        n, d = num << (-2 * shift), den
    root = math.isqrt(n // d)
    if root * root * d != n:
        root |= 1
    if shift >= 0:
        return float(root << shift)
    return root / (1 << -shift)


def _spread(data, c, name, ddof):
    """(result type, mean squared deviation) of data about c (or its
    exact mean), the sum divided by n - ddof; an infinity or NaN in the
    data gives that float."""
    t, ss, n = _ss(data, c)
    if n < 1 + ddof:
        need = "two data points" if ddof else "one data point"
        raise StatisticsError(f"{name} requires at least {need}")
    if not isinstance(ss, Fraction):
        return t, float(ss)
    return t, ss / (n - ddof)


def _root(mss):
    """The square root of a mean squared deviation, correctly rounded."""
    if not isinstance(mss, Fraction):
        return math.sqrt(mss)
    return _sqrt_frac(mss.numerator, mss.denominator)


def variance(data, xbar=None):
    t, mss = _spread(data, xbar, "variance", 1)
    return _convert(mss, t) if isinstance(mss, Fraction) else mss


def pvariance(data, mu=None):
    t, mss = _spread(data, mu, "pvariance", 0)
    return _convert(mss, t) if isinstance(mss, Fraction) else mss


def stdev(data, xbar=None):
    _t, mss = _spread(data, xbar, "stdev", 1)
    return _root(mss)


def pstdev(data, mu=None):
    _t, mss = _spread(data, mu, "pstdev", 0)
    return _root(mss)
