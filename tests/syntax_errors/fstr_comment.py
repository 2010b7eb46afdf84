x = f"{a # b}"
