match 1:
    case [y, z] | [y, _]:
        pass
