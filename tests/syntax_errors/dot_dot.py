x = a..b
