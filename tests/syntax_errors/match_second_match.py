match 1:
    case 1:
        pass
match 2:
    case {"k": 1, "j": 2, "k": 3}:
        pass
