print("never printed")
nonlocal x
