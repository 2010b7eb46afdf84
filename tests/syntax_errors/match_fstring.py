match 1:
    case f"x":
        pass
