    print(str(n),# repr(n), hex(), bin(n))
print(str(12) + str(34), len(str(2 ** 200)), str(-0))
print(hex(0), bin(0), hex(-1), bin(-1), hex(2 ** 63 - 1), bin(2 ** 63))
print(int(hex(123456789), 16), int(bin(-77), 0))

