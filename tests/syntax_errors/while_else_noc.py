while x:
    pass
else
    pass
