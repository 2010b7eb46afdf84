if :
    pass
