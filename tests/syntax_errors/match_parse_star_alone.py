match 1:
    case *a:
        pass
