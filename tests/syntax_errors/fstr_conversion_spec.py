x = f"{a!r:{b!z}}"
