with open("f") as f:
x = 1
