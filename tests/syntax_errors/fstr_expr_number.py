x = f"x{1abc}"
