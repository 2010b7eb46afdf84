match 1:
    case 1 as 3:
        pass
