match 1:
    case *a | b:
        pass
