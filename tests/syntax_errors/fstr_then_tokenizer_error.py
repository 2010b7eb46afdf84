x = f"{}"
y = 1abc
