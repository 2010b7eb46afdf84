# Windows (CRLF) and old Mac (lone CR) line endings: CPython's tokenizer
# turns both into \n, inside triple-quoted strings too.
text = '''one
twothree
'''
print(repr(text))
print(text.count('\n'), '\r' in text)if len(text) > 3:
    print('indented block, CRLF')
s = 'a\
b'
print(repr(s))
def f(x):    return x * 2print(f(21))
print('no newline at the end')