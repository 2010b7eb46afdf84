print("hello)
