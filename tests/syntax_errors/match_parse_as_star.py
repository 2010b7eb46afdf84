x = 1
match x:
    case [*a as b]:
        pass
