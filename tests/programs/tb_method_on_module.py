# A missing attribute of an imported module, through a method call.
import mod_shapes
print(mod_shapes.area(2, 3))
print(mod_shapes.perimeter(2, 3))
