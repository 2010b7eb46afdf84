a = 1
x = f"{a!x}"  # comment
