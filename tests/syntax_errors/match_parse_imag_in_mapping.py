match 1:
    case {1 + 2: x}:
        pass
