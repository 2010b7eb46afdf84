x = 1
match x:
    case *a:
        pass
