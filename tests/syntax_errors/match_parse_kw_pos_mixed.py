match 1:
    case P(x=1, 2, y=3, 4):
        pass
