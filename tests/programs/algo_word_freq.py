# word frequency counting with dicts and sorting
text = """It was the best of times, it was the worst of times, it was the age of wisdom,
it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity,
it was the season of Light, it was the season of Darkness, it was the spring of hope,
it was the winter of despair, we had everything before us, we had nothing before us."""
freq = {}
for raw in text.split():
    w = raw.strip(".,;:!?").lower()
    if w:
        freq[w] = freq.get(w, 0) + 1
print(len(freq))
ranked = sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))
for word, count in ranked[:10]:
    print(f"{word:<12}{count:>3} {'*' * count}")
by_len = {}
for w in freq:
    by_len.setdefault(len(w), []).append(w)
for k in sorted(by_len):
    print(k, sorted(by_len[k]))
lines = text.split("\n")
print([len(line.split()) for line in lines])
letters = {}
for ch in text.lower():
    if "a" <= ch <= "z":
        letters[ch] = letters.get(ch, 0) + 1
top = sorted(letters, key=lambda c: (-letters[c], c))[:5]
print(top, [letters[c] for c in top])
print(max(freq, key=lambda w: (len(w), w)), min(freq, key=lambda w: (freq[w], w)))
