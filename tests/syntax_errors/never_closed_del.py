x = 1
del [["l"]
d = 0
