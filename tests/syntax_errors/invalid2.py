x y z
