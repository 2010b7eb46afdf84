word = "Mississippi"
conts = {}
for ch in word:
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
print(list("héllo"), tuple("ab"), sorted("banana"), print ist(reversed("abc")))
out = ""
for i, c in enumerate("abcdef"):
    if i % 2 == 0:
        out += c.upper()
    else:
        out += c
print(out)
caesar = ""
for c in "Hello, World!":
