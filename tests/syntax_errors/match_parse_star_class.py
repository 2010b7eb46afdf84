match 1:
    case P(*a):
        pass
