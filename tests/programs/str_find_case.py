# find, startswith/endswith, upper/lower
s = "the cat sat on the mat"
print(s.find("the"), s.find("cat"), s.find("dog"), s.find(""), s.find("mat"), s.find("t"), s.find("x"))
print("".find(""), "".find("a"), "aaa".find("aa"), "abcabc".find("cab"), "héllo".find("llo"))
print(s.startswith("the"), s.startswith("cat"), s.startswith(""), s.startswith(s), s.startswith(s + "!"))
print(s.endswith("mat"), s.endswith("ma"), s.endswith(""), "".startswith(""), "a".endswith("ab"))
print("Hello World 123".upper(), "Hello World 123".lower(), "ÀÉÎ".lower(), "straße".upper(), "ÉCOLE".lower())
print("MiXeD".upper().lower(), repr("".upper()), "123!?".lower())
name = "Python"
print(name.lower() == "python", name.upper().startswith("PY"), name.find("th"))
text = "banana bandana"
count = 0
rest = text
offset = 0
pos = rest.find("an")
while pos != -1:
    count += 1
    offset += pos + 1
    rest = rest[pos + 1:]
    pos = rest.find("an")
print(count, offset)
files = ["main.py", "README.md", "test_main.py", "setup.cfg"]
print([f for f in files if f.endswith(".py")], [f for f in files if f.startswith("test_")])
print([f.upper() for f in files if f.lower().find("main") != -1])
