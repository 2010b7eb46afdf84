# _PyLong_FromByteArray and _PyLong_AsByteArray: both byte orders, signed
# and unsigned, sizes around the limits, and CPython's OverflowErrors.
import apimisc


cases = [
    (b"", 1, 0), (b"\x01", 1, 0), (b"\xff", 1, 0), (b"\xff", 1, 1),
    (b"\x00\x80", 1, 1), (b"\x00\x80", 0, 1), (b"\x01\x02\x03\x04\x05\x06\x07\x08\x09", 1, 0),
    (b"\xff\xff\xff\xff\xff\xff\xff\xff\xff", 1, 1), (b"\xff\xff\xff\xff\xff\xff\xff\xff\xff", 0, 0),
    (b"\x80\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", 0, 1),
]
for data, little, signed in cases:
    print(data, little, signed, apimisc.from_bytes(data, little, signed))

values = [0, 1, -1, 127, 128, -128, -129, 255, 256, 2**63 - 1, 2**63, -2**63, 2**64 - 1,
          2**64, -2**64, 2**100 + 5, -(2**100), True]
for v in values:
    row = []
    for n in (0, 1, 2, 8, 9, 16):
        for little in (1, 0):
            for signed in (1, 0):
                try:
                    row.append(apimisc.to_bytes(v, n, little, signed))
                except OverflowError as e:
                    row.append("E:" + str(e))
    print(v, row)

# Round trips.
for v in values:
    v = int(v)
    for signed in (0, 1):
        if v < 0 and not signed:
            continue
        for little in (0, 1):
            b = apimisc.to_bytes(v, 20, little, signed)
            assert apimisc.from_bytes(b, little, signed) == v, (v, signed, little)
print("round trips ok")
