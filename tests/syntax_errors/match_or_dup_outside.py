match 1:
    case [a, (1 as a) | (2 as a)]:
        pass
