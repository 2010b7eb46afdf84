x = 1
match x:
    case -x:
        pass
