match 1:
    case P(x=1,
           2):
        pass
