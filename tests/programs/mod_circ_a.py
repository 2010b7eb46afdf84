print("mod_circ_a: start")
import mod_circ_b
A = "a"
print("mod_circ_a: end, b has", mod_circ_b.B)
