x = 1 + not 2
