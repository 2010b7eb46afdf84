# Without the future import, compile()'s flags turn annotations into strings.
import __future__

exec("def f(x: int): pass\nprint(f.__annotations__)")
c = compile("def k(z: zz): pass\nprint(k.__annotations__)", "<c>", "exec", flags=__future__.annotations.compiler_flag)
exec(c)
c = compile("def k(z: zz): pass\nprint(k.__annotations__)", "<c>", "exec", __future__.annotations.compiler_flag, True)
exec(c)
try:
    exec("class B:\n  y: undefined2\n")
except NameError as e:
    print("NameError", e)
exec(compile("class B:\n  y: undefined2\nprint(B.__annotations__)\n", "<c>", "exec", flags=0x1000000))


def inner():
    exec("def q(a: nope): pass")


try:
    inner()
except NameError as e:
    print("NameError", e)
