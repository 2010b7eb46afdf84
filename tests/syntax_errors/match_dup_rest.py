match 1:
    case {"k": a, **a}:
        pass
