# eval(), exec() and compile() of strings, with the caller's or given
# namespaces, and their errors.
x = 5
print(eval("x * 2"))
print(eval("  x + 1"))
print(eval(b"x - 1"))
exec("w = x + 100")
print(w)


def h():
    k = 3
    print(eval("k + x"))
    exec("v = 3")
    l = {}
    exec("v = 4", {}, l)
    print(l)
    print(eval("k + 1", {"k": 41}))
    print(eval("k + j", {"k": 1}, {"j": 2}))


h()
g = {}
exec("def ff(): return gg\ngg = 7\nr = ff()", g)
print(g["r"], "__builtins__" in g, sorted(k for k in g if k != "__builtins__"))
ns = {}
exec("import math\nq = [i * i for i in range(4)]", ns)
print(ns["q"], ns["math"].__name__)
glob = {"base": 10}
loc = {}
exec("def add(n): return base + n\nres = add(5)", glob, loc)
print(loc["res"], "add" in loc, "add" in glob)
exec("global gv\ngv = 1", glob, loc)
print(glob["gv"], "gv" in loc)
print(exec("1"))

for src in ["1/0", "x = ", "undefined_name", "x = 1", "", "1; 2", "1\n2", "if 1: pass"]:
    try:
        print(eval(src))
    except Exception as e:
        print(repr(src), type(e).__name__, e)
for src in ["1 +", "  1", "def f(:\n  pass", "return 5"]:
    try:
        exec(src)
    except SyntaxError as e:
        print(repr(src), type(e).__name__, e, e.lineno, e.filename)

for call in [
    "eval()",
    "eval(1)",
    "exec(1)",
    "eval('1', 1)",
    "eval('1', {}, 1)",
    "exec('1', 1)",
    "exec('1', {}, 1)",
    "eval('1', None, 1)",
    "eval('1', {}, {}, 4)",
    "eval('1', globals={})",
    "exec('1', globals={})",
    "exec()",
    "compile()",
    "compile('1', 'f', 'bad')",
    "compile('x=', 'f', 'exec')",
]:
    try:
        eval(call)
    except (TypeError, ValueError, SyntaxError) as e:
        print(call, "->", type(e).__name__, e)

exec("1", closure=None)
co = compile("a + 1", "<f>", "eval")
print(type(co).__name__, eval(co, {"a": 1}))
co = compile("b = 2\nprint(b)", "<f>", "exec")
exec(co)
print(b)
exec(compile("c = 3", "<f>", "single"))
print(c)
print(eval("[y for y in range(x)]"))
print(eval("lambda t: t + x")(1))


def deep():
    return eval("1/0")


try:
    deep()
except ZeroDivisionError as e:
    print("caught", e)
eval("undefined_here")
