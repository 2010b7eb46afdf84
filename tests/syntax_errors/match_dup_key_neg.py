match 1:
    case {-1: a, -1: b}:
        pass
