data = [1, 2, 0, 4]
total = sum(10 / d
            for d in data)
