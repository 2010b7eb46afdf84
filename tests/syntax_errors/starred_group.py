print((*a))
