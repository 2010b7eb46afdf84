print(x):
