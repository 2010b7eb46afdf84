x = 1
match x:
    case 1 as y.z:
        pass
