é = 1
if é
    pass
