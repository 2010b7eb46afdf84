# sys.exit(0) and sys.exit() stop the program with status 0
import sys
print("before exit")
def finish():
    try:
        sys.exit(0)
    finally:
        print("finally runs on exit")
finish()
print("not printed")
