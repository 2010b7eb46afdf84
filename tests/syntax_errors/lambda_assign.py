lambda: 1 = 2
