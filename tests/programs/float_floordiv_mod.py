# Float floor division and modulo with negative operands
pairs = [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (1.0, 0.3), (-1.0, 0.3),
         (6.0, 3.0), (-6.0, 3.0), (0.0, 5.0), (-0.0, 5.0), (0.0, -5.0), (1.0, -1.0),
         (-1.0, 1.0), (5, 0.5), (-5, 0.75), (1e300, 1e-300), (3.0, float('inf')),
         (-3.0, float('inf')), (3.0, float('-inf'))]
for a, b in pairs:
    print(a, b, a // b, a % b, divmod(a, b))
print(-1e-20 % 1.0, 1e-20 % -1.0)
for a, b in [(1.0, 0.0), (1, 0.0), (0.0, 0.0)]:
    try:
        print(a // b)
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
    try:
        print(a % b)
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
    try:
        print(a / b)
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
    try:
        print(divmod(a, b))
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
