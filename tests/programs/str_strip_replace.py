# strip/lstrip/rstrip and replace
s = "   padded \t\n"
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print(repr("xxhixx".strip("x")), repr("xxhixx".lstrip("x")), repr("xxhixx".rstrip("x")))
print(repr("abcHELLOcba".strip("abc")), repr("<<a>>".strip("<>")), repr("aaaa".strip("a")))
print(repr("".strip()), repr("  ".strip()), repr("hello".strip("")), repr("hello".strip("xyz")))
print(repr("\u00a0 nbsp \u00a0".strip()), repr("..a.b..".rstrip(".")))
print(repr("  x  ".strip(None)), repr("mississippi".strip("mips")))
print("hello world".replace("o", "0"), "aaaa".replace("a", "b", 2), "aaaa".replace("aa", "x"))
print("abc".replace("", "-"), "abc".replace("x", "y"), "".replace("", "z"), "abab".replace("ab", ""))
print("one two one".replace("one", "three"), "banana".replace("ana", "ANA"), "a.b.c".replace(".", ""))
print("hello".replace("l", "L", 0), "hello".replace("l", "L", -1), "hello".replace("l", "L", 1))
print("ab".replace("", "_", 2), "tab\there".replace("\t", "    "))
