match 1:
    case [y] | (z):
        pass
