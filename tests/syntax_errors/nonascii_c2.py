if é
    pass
