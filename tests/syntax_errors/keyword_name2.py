def = 2
