# AttributeError on None: the attribute access is marked.
def first_word(s):
    return s.split()[0]

print(first_word("hello world"))
print(first_word(None).upper())
