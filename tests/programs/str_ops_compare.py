# String operators: concatenation, repetition, membership, comparison
a = "abc"
b = "abd"
print(a + b, a * 3, 3 * a, a * 0, repr(a * -2), repr("" * 100))
print(a < b, a > b, a == "abc", a != "abc", a <= "abc", "Z" < "a", "" < "a", "ab" < "abc")
print("apple" < "banana" < "cherry", "B" > "A", "10" < "9", "a" < "aa" < "b")
print("é" > "z", "Z" < "z", "abc" == "ABC".lower())
print("b" in "abc", "bc" in "abc", "ac" in "abc", "" in "abc", "" in "", "abc" not in "ab")
print(sorted(["pear", "Apple", "apple", "banana", "Banana", "", "10", "9"]))
print(max("hello"), min("hello"), max(["aa", "b", "ab"]), min("zy", "zz", "zya"))
s = ""
for i in range(5):
    s += str(i)
s += "!"
print(s, len(s))
t = "ab"
t *= 3
print(t)
try:
    print("a" + 1)
except TypeError as e:
    print("TypeError:", e)
try:
    print(1 + "a")
except TypeError as e:
    print("TypeError:", e)
try:
    print("a" * "b")
except TypeError as e:
    print("TypeError:", e)
try:
    print("a" < 1)
except TypeError as e:
    print("TypeError:", e)
try:
    print(1 in "abc")
except TypeError as e:
    print("TypeError:", e)
try:
    s[0] = "x"
except TypeError as e:
    print("TypeError:", e)
try:
    print("a" - "b")
except TypeError as e:
    print("TypeError:", e)
try:
    print(-"a")
except TypeError as e:
    print("TypeError:", e)
print("a" == 1, "1" == 1, "a" != None)
