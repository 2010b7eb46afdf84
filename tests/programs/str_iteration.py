# Iterating over strings, building strings, ord/chr
word = "Mississippi"
counts = {}
for ch in word:
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
print(list("héllo"), tuple("ab"), sorted("banana"), list(reversed("abc")))
out = ""
for i, c in enumerate("abcdef"):
    if i % 2 == 0:
        out += c.upper()
    else:
        out += c
print(out)
caesar = ""
for c in "Hello, World!":
    if "a" <= c <= "z":
        caesar += chr((ord(c) - ord("a") + 13) % 26 + ord("a"))
    elif "A" <= c <= "Z":
        caesar += chr((ord(c) - ord("A") + 13) % 26 + ord("A"))
    else:
        caesar += c
print(caesar)
print([c for c in "a1b2c3" if c in "0123456789"])
print("".join([c * 2 for c in "xyz"]), "-".join(reversed("123")))
vowels = 0
for c in "The Quick Brown Fox".lower():
    if c in "aeiou":
        vowels += 1
print(vowels)
is_pal = "racecar" == "racecar"[::-1]
print(is_pal, "python" == "python"[::-1])
