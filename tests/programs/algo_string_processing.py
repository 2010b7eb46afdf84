# string algorithms: run-length encoding, anagram groups, palindromes, word wrap
def rle_encode(s):
    if not s:
        return ""
    out = []
    prev = s[0]
    count = 1
    for c in s[1:]:
        if c == prev:
            count += 1
        else:
            out.append(str(count) + prev)
            prev = c
            count = 1
    out.append(str(count) + prev)
    return "".join(out)
def rle_decode(s):
    out = ""
    num = ""
    for c in s:
        if "0" <= c <= "9":
            num += c
        else:
            out += c * int(num)
            num = ""
    return out
for s in ["aaabccddddde", "abc", "", "zzzzzzzzzzzz"]:
    enc = rle_encode(s)
    print(repr(s), enc, rle_decode(enc) == s)
words = ["listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog"]
groups = {}
for w in words:
    key = "".join(sorted(w))
    groups.setdefault(key, []).append(w)
for key in groups:
    print(key, groups[key])
def longest_palindrome(s):
    best = ""
    for center in range(len(s)):
        for lo, hi in [(center, center), (center, center + 1)]:
            while lo >= 0 and hi < len(s) and s[lo] == s[hi]:
                lo -= 1
                hi += 1
            if hi - lo - 1 > len(best):
                best = s[lo + 1:hi]
    return best
print(longest_palindrome("forgeeksskeegfor"), longest_palindrome("abacdfgdcaba"), longest_palindrome("x"))
def wrap(text, width):
    lines = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = word if not line else line + " " + word
    if line:
        lines.append(line)
    return lines
text = "The quick brown fox jumps over the lazy dog and keeps running far into the distance"
for ln in wrap(text, 20):
    print(f"|{ln:<20}|")
def is_valid_brackets(s):
    pairs = {")": "(", "]": "[", "}": "{"}
    stack = []
    for c in s:
        if c in "([{":
            stack.append(c)
        elif c in pairs:
            if not stack or stack.pop() != pairs[c]:
                return False
    return not stack
print([is_valid_brackets(s) for s in ["()", "([]{})", "(]", "((", "", "{[()()]}"]])
title = " ".join([w[0].upper() + w[1:].lower() for w in "hELLO wORLD from PYTHON".split()])
print(title)
