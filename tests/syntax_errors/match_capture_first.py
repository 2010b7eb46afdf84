print("never printed")
match 1:
    case y:
        pass
    case 2:
        pass
