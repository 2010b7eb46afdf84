# A tour of the C API (extensions/checks, tour_*): most functions of the
# table, with their error cases and ownership rules (stolen references on
# failure, borrowed results). scripts/memcheck runs it under valgrind; here
# the results must be CPython's.
import checks

print(checks.tour_lists())
print(checks.tour_dicts("value"))
for s in ["abc", "h\u00e9llo \U0001F600", ""]:
    print(checks.tour_strings(s))
print(checks.tour_errors("message"))
print(checks.tour_errors(("a", 1)))
print(checks.tour_numbers())
for o in ["abc", [1, 2, 3], {"k": 1}]:
    print(checks.tour_objects(o))
for x in [1.5, float("inf"), float("-inf"), float("nan"), 3]:
    print(checks.tour_classify(x))
print(checks.tour_classify.__doc__)
print(checks.tour_misc(10))
try:
    checks.tour_misc(100000)
except RecursionError as e:
    print("RecursionError", str(e).startswith("maximum recursion depth exceeded in tour_recurse"))
