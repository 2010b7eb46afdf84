x = f"\x{a}"
