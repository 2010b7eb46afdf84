# ord, chr, hex, bin
print(ord("a"), ord("A"), ord("0"), ord(" "), ord("\n"), ord("é"), ord("日"), ord("🐍"), ord("\x00"))
print(chr(97), chr(65), chr(48), repr(chr(10)), chr(233), chr(26085), chr(128013), repr(chr(0)), chr(0x10FFFF) == "\U0010ffff")
print([chr(c) for c in range(ord("a"), ord("f"))], "".join([chr(ord(c) + 1) for c in "HAL"]))
print(hex(0), hex(255), hex(-255), hex(16 ** 10), hex(2 ** 100 - 1), hex(True))
print(bin(0), bin(5), bin(-5), bin(255), bin(2 ** 65), bin(False))
print(int(hex(2 ** 64 + 5), 16), int(bin(1000), 2), int(hex(-42), 16), int(bin(-42)[3:], 2))
try:
    chr(0x110000)
except ValueError as e:
    print("ValueError:", e)
try:
    chr(-1)
except ValueError as e:
    print("ValueError:", e)
try:
    ord("ab")
except TypeError as e:
    print("TypeError:", e)
try:
    ord(5)
except TypeError as e:
    print("TypeError:", e)
try:
    hex(1.5)
except TypeError as e:
    print("TypeError:", e)
try:
    chr("a")
except TypeError as e:
    print("TypeError:", e)
