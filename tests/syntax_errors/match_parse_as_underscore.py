match 1:
    case [1] as _:
        pass
