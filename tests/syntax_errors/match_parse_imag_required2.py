match 1:
    case -1.5 - 2.5:
        pass
