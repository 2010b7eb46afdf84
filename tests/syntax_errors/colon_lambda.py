f = lambda x x
