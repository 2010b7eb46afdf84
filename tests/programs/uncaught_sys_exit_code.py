# sys.exit(3): no traceback, exit status 3
import sys
print("exiting with 3")
sys.exit(3)
print("not reached")
