# compile(..., 'single'): expression statements show their value through
# sys.displayhook; one statement only.
import sys

G = {"__name__": "single"}


def t(src):
    try:
        exec(compile(src, "<s>", "single"), G)
    except SyntaxError as e:
        print(repr(src), type(e).__name__, e.msg, e.lineno, e.offset, repr(e.text), e.end_lineno, e.end_offset)


print(sys.displayhook is sys.__displayhook__, sys.displayhook)
t("1+1")
t("None")
t("for i in range(2): i\n")
t("if 1:\n  5\n")
t("if 1:\n  5\n\n")
t("x=5;x")
t("def f():\n  3\n  return 4\n")
t("f()")
t("'a'")
t("x = 1\n")
t("1\n  ")
t("1 # c")
t("# only")
t("\n")
t("x = (1,\n2)")
t("x = (1,\n2)\ny")
t("1;\n")
t("1;2\n3")
t("x=1\ny=2")
t("if 1:\n  pass\nx=3")
t("[1, 'two', None]")
t("class K:\n  7\n")
exec(compile("_", "<s>", "single"), G)
sys.displayhook = lambda v: print("hook", repr(v))
t("7")
t("None")
del sys.displayhook
try:
    t("7")
except Exception as e:
    print(type(e).__name__, e)
sys.displayhook = sys.__displayhook__
sys.displayhook(9)
print(_)
sys.displayhook(None)
print(_)
try:
    sys.displayhook()
except TypeError as e:
    print(type(e).__name__, e)
try:
    exec(compile("1/0", "<s>", "single"))
except ZeroDivisionError as e:
    print(type(e).__name__, e)
print(eval(compile("2*3", "<s>", "single")))
