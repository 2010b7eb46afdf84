match 1:
    case 1 | _ | 2:
        pass
