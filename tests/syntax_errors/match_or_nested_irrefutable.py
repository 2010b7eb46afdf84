match 1:
    case [a, (b | c)]:
        pass
