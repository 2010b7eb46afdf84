match 1:
    case [1 as "s"]:
        pass
