# the sys and time modules
import sys
import time
print(sys.argv, len(sys.argv), sys.argv[0])
t0 = time.perf_counter()
w0 = time.time()
s = 0
for i in range(10000):
    s += i
t1 = time.perf_counter()
w1 = time.time()
print(s, t1 >= t0, w1 >= w0, w0 > 1600000000, type(t0).__name__, type(w0).__name__)
elapsed = t1 - t0
print(elapsed >= 0.0, elapsed < 60)
def helper():
    return sys.argv[0].endswith(".py")
print(helper())
