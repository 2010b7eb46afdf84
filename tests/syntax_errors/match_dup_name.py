match 1:
    case [y, y]:
        pass
