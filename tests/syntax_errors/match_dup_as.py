match 1:
    case [a] as a:
        pass
