# sys.exit() with no argument
import sys
for i in range(5):
    print(i)
    if i == 2:
        sys.exit()
