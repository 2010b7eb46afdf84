def f():
    print "hi", 1
