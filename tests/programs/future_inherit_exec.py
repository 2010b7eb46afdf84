from __future__ import annotations
# exec/eval/compile inherit the caller's future features unless
# dont_inherit is true.
import __future__

exec("def f(x: undefined) -> also: pass\nprint(f.__annotations__)")


def g():
    exec("def h(y: nope): pass\nprint(h.__annotations__)")


g()
c = compile("def k(z: zz): pass\nprint(k.__annotations__)", "<c>", "exec")
exec(c)
c = compile("def k(z: zz): pass", "<c>", "exec", dont_inherit=True)
try:
    exec(c)
except NameError as e:
    print("NameError", e)
c = compile("def k(z: zz): pass", "<c>", "exec", __future__.annotations.compiler_flag, True)
exec(c)
print(k.__annotations__)
print(eval("(lambda: 1)()"))
print(__future__.annotations.compiler_flag == 0x1000000)
for kw in ({"flags": 0x1}, {"flags": "a"}, {"dont_inherit": "a"}, {"flags": 1 << 40}):
    try:
        compile("1", "s", "exec", **kw)
    except Exception as e:
        print(type(e).__name__, e)
try:
    compile("1", "s", "bogus")
except Exception as e:
    print(type(e).__name__, e)
print(type(compile("1", "s", "exec", flags=0x20000)).__name__)
