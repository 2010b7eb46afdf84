x = 1
s = rb"abc
