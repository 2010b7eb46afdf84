for n in [0, 1, 255, -255, 2**70, -2**70, True]:
    print(n.bit_length(), n.bit_count(), n.real, n.imag, n.numerator, n.denominator, n.as_integer_ratio(), n.conjugate())
print((1024).to_bytes(2, 'big'), (1024).to_bytes(4, 'little'), (-1).to_bytes(2, 'big', signed=True), (0).to_bytes(0, 'big'), (255).to_bytes(), (-128).to_bytes(1, 'big', signed=True), (127).to_bytes(1, 'little', signed=True))
print(int.from_bytes(b'\x01\x00', 'big'), int.from_bytes(b'\x01\x00', 'little'), int.from_bytes(b'\xff\xff', 'big', signed=True), int.from_bytes([1, 2, 3], 'big'), int.from_bytes(b''), int.from_bytes(b'\x80', signed=True))
for f in [lambda: (256).to_bytes(1, 'big'), lambda: (-1).to_bytes(1, 'big'), lambda: (1).to_bytes(1, 'middle'), lambda: (128).to_bytes(1, 'big', signed=True), lambda: (1).to_bytes(-1, 'big'), lambda: int.from_bytes('ab', 'big'), lambda: int.from_bytes([256], 'big'), lambda: (1.5).as_integer_ratio(), lambda: float('inf').as_integer_ratio(), lambda: float('nan').as_integer_ratio()]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
for x in [1.5, 0.1, -2.0, 1e300, 5e-324, 0.0, -0.0, 3.0, 1/3, 2.2250738585072014e-308, float('inf')]:
    print(x.hex(), x.real, x.imag, x.conjugate(), x.as_integer_ratio() if x == x and abs(x) != float('inf') else None)
