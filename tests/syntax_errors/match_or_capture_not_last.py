match 1:
    case 1 | y:
        pass
    case 2:
        pass
