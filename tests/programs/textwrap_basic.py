# textwrap: wrap, fill, shorten, dedent, indent and TextWrapper's options.
import textwrap
from textwrap import TextWrapper


def show(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except BaseException as e:
        print(label, "raised", type(e).__name__, e)


text = ("The quick brown fox jumps over the lazy dog. Pack my box with five "
        "dozen liquor jugs! How vexingly quick daft zebras jump? Sphinx of "
        "black quartz, judge my vow.")
for width in (1, 5, 10, 12, 20, 33, 40, 70, 200):
    print(width, textwrap.wrap(text, width))
print(textwrap.fill(text, 30))
print(textwrap.fill(text, width=25, initial_indent="* ", subsequent_indent="  "))

hyph = ("A well-known, state-of-the-art, long-term re-evaluation of "
        "twenty-first-century high-quality self-driving cars--or so it "
        "seems---with e-mail and x-ray. Some -- dashes and -leading and "
        "trailing- hyphens, 1-2-3 numbers, a-b short, co-op.")
for width in (6, 10, 15, 22, 30):
    print(width, textwrap.wrap(hyph, width))
    print(width, textwrap.wrap(hyph, width, break_on_hyphens=False))

long_word = "Supercalifragilisticexpialidocious is-a-very-long-hyphenated-word indeed"
for width in (4, 8, 11, 16):
    print(width, textwrap.wrap(long_word, width))
    print(width, textwrap.wrap(long_word, width, break_long_words=False))
    print(width, textwrap.wrap(long_word, width, break_on_hyphens=False))

ws = "  leading\tand  trailing \n newlines\r\nand\x0bvertical  "
print(textwrap.wrap(ws, 12))
print(textwrap.wrap(ws, 12, drop_whitespace=False))
print(textwrap.wrap(ws, 12, replace_whitespace=False))
print(textwrap.wrap(ws, 12, expand_tabs=False))
print(textwrap.wrap("a\tb\tc", 40, tabsize=4))
print(textwrap.wrap("a\tb\tc", 40, tabsize=4, replace_whitespace=False))
print(textwrap.wrap("", 10), textwrap.wrap("   ", 10), textwrap.fill("   ", 10))
print(textwrap.wrap("   ", 10, drop_whitespace=False))

sent = "Hello there. How are you? I'm fine!  Mr. Smith said \"ok.\" Bye."
print(textwrap.wrap(sent, 80, fix_sentence_endings=True))
print(textwrap.wrap(sent, 20, fix_sentence_endings=True))

# max_lines and placeholder
for ml in (1, 2, 3, 10):
    print(ml, textwrap.wrap(text, 20, max_lines=ml))
print(textwrap.wrap(text, 20, max_lines=2, placeholder="..."))
print(textwrap.wrap(text, 20, max_lines=2, placeholder=" (more)"))
print(textwrap.wrap("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa bbb", 10, max_lines=2))
print(textwrap.wrap("one two three four", 9, max_lines=2, placeholder=" [...]"))
show("placeholder too large", lambda: textwrap.wrap(text, 5, max_lines=1))
show("placeholder indent", lambda: textwrap.wrap(text, 8, max_lines=3, subsequent_indent="    "))
show("width 0", lambda: textwrap.wrap(text, 0))
show("width -1", lambda: textwrap.fill("x", -1))
show("wrap int", lambda: textwrap.wrap(5))

# shorten
print(textwrap.shorten("Hello  world!", width=12))
print(textwrap.shorten("Hello  world!", width=11))
print(textwrap.shorten("Hello world!", width=10, placeholder="..."))
print(textwrap.shorten(text, 50))
print(repr(textwrap.shorten("   ", 10)))
show("shorten small", lambda: textwrap.shorten(text, 3))

# dedent
print(repr(textwrap.dedent("    a\n      b\n    c\n")))
print(repr(textwrap.dedent("  a\n\tb\n")))
print(repr(textwrap.dedent("\t\ta\n\t  b\n\t\tc")))
print(repr(textwrap.dedent("    a\n   \n    b\n")))
print(repr(textwrap.dedent("  x\n    \n\n  y  \n")))
print(repr(textwrap.dedent("no indent\n  indented\n")))
print(repr(textwrap.dedent("")), repr(textwrap.dedent("   ")), repr(textwrap.dedent("  \n  a")))
print(repr(textwrap.dedent('''
    def f():
        return 1
''')))

# indent
print(repr(textwrap.indent("a\nb\n\nc\n", "> ")))
print(repr(textwrap.indent("a\r\nb\r\n  \n", "+")))
print(repr(textwrap.indent("a\nb\n\n", "# ", lambda line: True)))
print(repr(textwrap.indent("x\ny", "-", predicate=lambda l: l.startswith("y"))))

# TextWrapper object reuse and attributes
w = TextWrapper(width=15, initial_indent="> ", subsequent_indent=">> ")
print(w.wrap(text))
w.width = 30
print(w.fill(text))
print(w.width, w.break_long_words, w.drop_whitespace, w.max_lines, repr(w.placeholder), w.tabsize)
show("bad kw", lambda: TextWrapper(widht=3))
show("wrap bad kw", lambda: textwrap.wrap("x", 3, nope=1))
print(textwrap.__all__)
