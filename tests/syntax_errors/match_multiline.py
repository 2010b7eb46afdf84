match 1:
    case {
        "a": 1,
        "a": 2,
    }:
        pass
