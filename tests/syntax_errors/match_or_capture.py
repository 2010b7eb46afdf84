match 1:
    case 1:
        pass
    case y | z:
        pass
