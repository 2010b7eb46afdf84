match 1:
    case 1 + x:
        pass
