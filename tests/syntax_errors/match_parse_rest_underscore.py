match 1:
    case {"a": 1, **_}:
        pass
