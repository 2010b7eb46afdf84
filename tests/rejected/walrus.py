data = [1, 2, 3]
if (n := len(data)) > 2:
    print(n)
