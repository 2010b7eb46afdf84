match 1:
    case y if y:
        pass
    case _:
        pass
    case 3:
        pass
