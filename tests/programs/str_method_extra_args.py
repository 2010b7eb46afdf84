# less common argument forms: find with start/end, startswith/endswith with tuples and ranges
s = "the cat sat on the mat"
print(s.find("the", 1), s.find("", 5), s.find("mat", -3), s.find("at", 5, 10), s.find("at", 5, 6))
print(s.find("t", -1), s.find("", 100), s.find("the", -100), s.find("a", 3, -1))
print(s.startswith("cat", 4), s.endswith("on", 0, 14), s.startswith("the", 15), s.endswith("the", 0, 3))
print(s.startswith(("a", "t")), s.endswith(("x", "y")), s.endswith(("at", "mat")), "".startswith(("", "x")))
text = "banana bandana"
count = 0
pos = text.find("an")
while pos != -1:
    count += 1
    pos = text.find("an", pos + 1)
print(count)
print("a b c".split(None), "a  b".split(" "), " x ".strip(None), "1,2,3".split(",", 1))
