# An exception raised by a value pattern's comparison, in a nested
# pattern: the traceback points at the value pattern.
class Angry:
    def __eq__(self, other):
        raise ValueError(f"cannot compare with {other!r}")


class Values:
    ANGRY = Angry()


def check(v):
    match v:
        case [1, [2, Values.ANGRY]]:
            return "never"


print(check([1, [3, 4]]))
print(check([1, [2, 4]]))
