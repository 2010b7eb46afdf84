    
from __future__ import division as d, generators
print(d)
if 1:
  from __future__ import annotations
