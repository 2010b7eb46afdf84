match 1:
    case P(a, b=[c, c]):
        pass
