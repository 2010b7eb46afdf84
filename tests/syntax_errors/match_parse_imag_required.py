match 1:
    case 1 + 2:
        pass
