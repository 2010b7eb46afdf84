match 1:
    case P(1, x=1, 2, [3, 4]):
        pass
