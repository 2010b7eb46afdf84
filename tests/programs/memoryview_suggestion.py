# An unknown attribute of a memoryview: CPython suggests the closest name
# of dir(memoryview) in the traceback.
m = memoryview(bytearray(b"abc"))
print(m.nbytes, m.readonly)
m.nbyte
