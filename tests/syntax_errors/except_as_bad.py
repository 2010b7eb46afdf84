try:
    pass
except TypeError as+ e:
    pass
