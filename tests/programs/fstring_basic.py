# f-string basics
name = "World"
n = 42
pi = 3.14159
items = [1, 2]
print(f"Hello, {name}!")
print(f"{n} + 1 = {n + 1}", f"{n * 2}", f"{'nested'}", f"{name.upper()}", f"{items[0]}{items[-1]}")
print(f"{name!r}", f"{n!r}", f"{'q' + chr(39)!r}", f"{items!r}")
print(f"{{literal braces}}", f"{{{n}}}", f"}}{{", f"")
print(f"{pi}", f"{1/3}", f"{-0.0}", f"{None}", f"{True}", f"{[1, 'a']}", f"{(1,)}", f"{ {'k': 1} }")
print(f"{n if n > 40 else 0}", f"{'yes' if not items else 'no'}", f"{len(items)}")
print(f"multi {n} parts {name} and {pi} end")
d = {"key": "value"}
print(f"{d['key']}", f'{d["key"]}', f"{name[1:3]}", f"{name[::-1]}")
w = 10
print(f"{n:{w}}|", f"{name:>{w}}|", f"{pi:.{2}f}", f"{pi:{w}.{3}f}|")
s = f"{n}" + f"{n}"
print(s, len(f"{2 ** 100}"), f"{2 ** 100}")
print(f"{'a' + 'b'}", f"line1\nline2", f"tab\t{n}")
x = 5
print(f"{x}{x}{x}", f"{x - 1}", f"{-x}", f"{x ** 2}", f"{x == 5}")
print(f"{[y * 2 for y in range(3)]}", f"{ {k: v for k, v in [(1, 2)]} }", f"{(lambda q: q + 1)(1)}")
