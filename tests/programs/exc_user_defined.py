class ParseError(ValueError):
    pass


class LexError(ParseError):
    def __init__(self, line, msg):
        super().__init__(f"line {line}: {msg}")
        self.line = line


class AppError(Exception):
    def __init__(self, code):
        self.code = code

    def describe(self):
        return "code " + str(self.code)


class Mixin:
    def tag(self):
        return "mixed"


class Both(Mixin, KeyError):
    pass


try:
    raise ParseError("bad token")
except ValueError as e:
    print(type(e).__name__, e, repr(e), e.args, isinstance(e, ParseError))
try:
    raise LexError(3, "unexpected '}'")
except ParseError as e:
    print(e, e.line, e.args, repr(e))
try:
    raise AppError(7)
except Exception as e:
    print(e.describe(), e.args, str(e) == "7", repr(e))
try:
    raise Both("k")
except LookupError as e:
    print(e.tag(), e, isinstance(e, Mixin), [c.__name__ for c in Both.__mro__])
try:
    raise ParseError
except ParseError as e:
    print("class raised:", repr(e))
e = LexError(1, "x")
e.extra = [1]
print(e.__dict__, issubclass(LexError, ValueError), ParseError.__mro__[-3:])
try:
    try:
        raise ParseError("inner")
    except ParseError as inner:
        raise AppError(2) from inner
except AppError as outer:
    print(repr(outer.__cause__))
print(ParseError, LexError.__bases__)
