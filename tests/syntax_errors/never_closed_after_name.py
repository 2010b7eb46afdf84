import sys
p{rint("about to exit")
sys.exit("bye")
