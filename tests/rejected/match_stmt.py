x = 3
match x:
    case 1:
        print("one")
    case _:
        print("other")
