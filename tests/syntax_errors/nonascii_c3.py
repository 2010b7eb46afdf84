if éé
    pass
