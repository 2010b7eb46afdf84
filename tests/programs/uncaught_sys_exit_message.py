# sys.exit("bye"): message on stderr, exit status 1
import sys
print("about to exit")
sys.exit("bye")
