# exception class hierarchy in except clauses and isinstance
def catch(exc):
    try:
        raise exc
    except ArithmeticError as e:
        return "ArithmeticError<-" + type(e).__name__
    except LookupError as e:
        return "LookupError<-" + type(e).__name__
    except NameError as e:
        return "NameError<-" + type(e).__name__
    except RuntimeError as e:
        return "RuntimeError<-" + type(e).__name__
    except ImportError as e:
        return "ImportError<-" + type(e).__name__
    except Exception as e:
        return "Exception<-" + type(e).__name__
    except BaseException as e:
        return "BaseException<-" + type(e).__name__
excs = [ZeroDivisionError("z"), OverflowError("o"), ArithmeticError("a"), IndexError("i"), KeyError("k"),
        LookupError("l"), UnboundLocalError("u"), NameError("n"), RecursionError("r"),
        NotImplementedError("ni"), RuntimeError("rt"), ModuleNotFoundError("m"), ImportError("im"),
        ValueError("v"), TypeError("t"), AttributeError("at"), StopIteration("s"), AssertionError("as"),
        SystemError("se"), Exception("e"), SystemExit(2), BaseException("b")]
for e in excs:
    print(catch(e))
print(isinstance(ZeroDivisionError(), ArithmeticError), isinstance(KeyError(), LookupError),
      isinstance(KeyError(), IndexError), isinstance(RecursionError(), RuntimeError),
      isinstance(SystemExit(), Exception), isinstance(SystemExit(), BaseException),
      isinstance(ValueError(), (TypeError, ValueError)), isinstance(ValueError(), Exception),
      isinstance(ModuleNotFoundError(), ImportError), isinstance(NotImplementedError(), RuntimeError))
try:
    [][0]
except (KeyError, IndexError) as e:
    print("tuple clause caught", type(e).__name__)
try:
    {}["x"]
except IndexError:
    print("not reached")
except LookupError:
    print("LookupError clause caught KeyError")
try:
    try:
        int("q")
    except TypeError:
        print("not reached")
except ValueError as e:
    print("propagated to outer:", e)
def first_match():
    try:
        1 / 0
    except Exception:
        return "Exception clause first"
    except ZeroDivisionError:
        return "never"
print(first_match())
