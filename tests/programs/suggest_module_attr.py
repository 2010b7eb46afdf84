# An attribute typo on a module: its names are the candidates ("aera" is
# two moves from "area", over the limit of a third of the letters; "areaa"
# is one).
import mod_shapes
print(mod_shapes.area(2, 5))
try:
    mod_shapes.aera(2, 5)
except AttributeError as e:
    print("caught:", e)
print(mod_shapes.areaa(2, 5))
