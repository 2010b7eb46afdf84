x = 1
match x:
    case a[1]:
        pass
