pass 1
