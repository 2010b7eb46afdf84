s = "abc\
def
