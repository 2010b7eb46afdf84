# repr of strings: quote choice, escapes, unicode
items = ["plain", "it's", 'say "hi"', "both ' and \"", "", "\n", "tab\there", "back\\slash",
         "nul\x00byte", "\x7f", "\x1b[0m", "\r\n", "é", "日本語", "emoji 🐍", "\u200b", "\x80", "\xa0",
         "\u2028", "'", '"', "\\", "a\tb\nc\rd", "\x01\x1f", "\U0001f600", "ÿ", "\u0378"]
for s in items:
    print(repr(s), len(s))
print(items[:4])
print(("a'b", 'c"d'))
print({"k'ey": "v\"al"})
print(str("x\ty"), repr(repr("a")), repr(str(5)))
print("quote:" + repr('"'), "done")
