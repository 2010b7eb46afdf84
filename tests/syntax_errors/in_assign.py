x in y = 1
