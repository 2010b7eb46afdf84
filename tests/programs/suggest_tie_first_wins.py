# Equally close candidates: the first in the frame's order wins.
ab = 1
ac = 2
print(ab + ac)
print(ad)
