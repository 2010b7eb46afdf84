__all__ = ["present", "absent"]
present = 1
