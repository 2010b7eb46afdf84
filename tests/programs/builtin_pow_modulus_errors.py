# pow() with three arguments: ints, the float refusal, and the TypeError
# naming all three types when one has no power at all.
for args in [(2, 3, 5), (2.0, 3, 5), (2, 3, 5.0), ("a", 3, 5), (2, 3, "m"), (2, [], 5), (True, 2, 3)]:
    try:
        print(pow(*args))
    except TypeError as e:
        print(e)
