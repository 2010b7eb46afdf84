match 1:
    case {b"a": a, "a": b, b"a": c}:
        pass
