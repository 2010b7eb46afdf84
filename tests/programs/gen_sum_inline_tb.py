# The traceback of an addition sum() cannot do: raised at the call of
# sum(), not inside the generator (which is suspended).


def bad():
    yield 1
    yield "x"


def total():
    return sum(bad(),
               10)


total()
