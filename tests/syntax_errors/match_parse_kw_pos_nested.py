match 1:
    case P(x=[1, 2], ((3)), (4, 5), y=1):
        pass
