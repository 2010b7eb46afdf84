match 1:
    case [a, *a]:
        pass
