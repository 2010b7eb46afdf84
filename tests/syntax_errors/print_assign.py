print = 1
print "x"
