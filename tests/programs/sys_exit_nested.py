# sys.exit from deep inside calls propagates through except Exception
import sys
def level3():
    sys.exit(4)
def level2():
    try:
        level3()
    except Exception:
        print("not printed")
def level1():
    try:
        level2()
    finally:
        print("level1 finally")
print("start")
level1()
