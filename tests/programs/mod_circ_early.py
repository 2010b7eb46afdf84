import mod_circ_late
EARLY = "early"
print("mod_circ_early: late.use() =", mod_circ_late.use())
