# An error raised inside a builtin call: the whole call is marked.
def parse(text):
    return int(text.strip())

print(parse(" 12 "))
print(parse("twelve") + 1)
