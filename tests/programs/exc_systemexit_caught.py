# SystemExit is a BaseException, not an Exception
import sys
try:
    sys.exit(5)
except SystemExit as e:
    print("caught SystemExit", e.args, repr(e))
try:
    sys.exit("message")
except SystemExit as e:
    print("caught", e.args, str(e))
try:
    sys.exit()
except SystemExit as e:
    print("caught no-arg exit", e.args, repr(e))
try:
    try:
        sys.exit(1)
    except Exception:
        print("not reached: Exception does not catch SystemExit")
except BaseException as e:
    print("BaseException caught", type(e).__name__)
def cleanup():
    try:
        sys.exit(2)
    finally:
        print("finally ran during exit")
try:
    cleanup()
except SystemExit as e:
    print("exit code arg", e.args[0])
try:
    raise SystemExit(7)
except SystemExit as e:
    print(repr(e))
print("program continues")
