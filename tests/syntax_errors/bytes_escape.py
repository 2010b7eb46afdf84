x = b"\x4"
