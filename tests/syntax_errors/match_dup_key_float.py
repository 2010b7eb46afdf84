match 1:
    case {-0.0: a, 0: b}:
        pass
