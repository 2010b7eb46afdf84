x = f"{a!r"
