# A typo of a local variable: the suggestion names the local. str() of
# the exception has no suggestion; only the printed traceback does.
def describe(length, width):
    try:
        return lenght * width
    except NameError as e:
        print("caught:", e)
    return lenght + width

print(describe(2, 3))
