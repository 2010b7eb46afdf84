x = 1
continue
