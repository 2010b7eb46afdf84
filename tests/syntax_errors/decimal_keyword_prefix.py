print(ord("a"), 6ord("b"))
