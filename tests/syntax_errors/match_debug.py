match 1:
    case __debug__:
        pass
