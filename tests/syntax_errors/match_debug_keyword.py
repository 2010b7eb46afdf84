match 1:
    case P(__debug__=1):
        pass
