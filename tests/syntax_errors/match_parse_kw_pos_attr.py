match 1:
    case a.P(x=1, (2 | 3)):
        pass
