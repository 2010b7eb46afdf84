if x:
# c

