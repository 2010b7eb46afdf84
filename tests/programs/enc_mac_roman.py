# coding: macintosh
print("π ≈ 3.14 — ƒ∂")
