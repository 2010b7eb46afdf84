x = 1
match x:
    case {**rest, "a": 1}:
        pass
