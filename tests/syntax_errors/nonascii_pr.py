s = "é"; print "a"
