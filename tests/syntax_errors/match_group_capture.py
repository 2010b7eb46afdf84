match 1:
    case (y):
        pass
    case 1:
        pass
