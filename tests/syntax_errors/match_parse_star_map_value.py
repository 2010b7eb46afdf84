match 1:
    case {"k": *a}:
        pass
