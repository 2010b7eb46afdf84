match 1:
    case _ as y:
        pass
    case 1:
        pass
