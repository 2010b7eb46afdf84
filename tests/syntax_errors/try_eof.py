for s in [1]:
    try:
        print(s)
