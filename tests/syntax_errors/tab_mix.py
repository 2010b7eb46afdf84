if 1:
	x = 1
        y = 2
