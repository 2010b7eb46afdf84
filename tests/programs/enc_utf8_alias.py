# coding: UTF8
print("héllo ✓")
