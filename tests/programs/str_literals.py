# string literal forms and escape sequences
print('single', "double", '''triple single''', """triple double""")
print("esc: \\ \' \" \t| \x41\x42 \u00e9 \U0001F40D \101\102")
print('it\'s', "say \"x\"", 'mixed "quotes"', "mixed 'quotes'")
print("adjacent " "literals " 'are ' """joined""")
multi = """line one
  line two
line three"""
print(multi)
print(multi.split("\n"), len(multi))
cont = "first part \
second part"
print(cont)
print(len("\n\t\\"), len("\x00"), "\x00" == "\0", ord("\a"), ord("\b"), ord("\f"), ord("\v"), ord("\r"))
print("a\
b")
s = ("implicit "
     "continuation "
     "inside parens")
print(s)
empty = ""
print(repr(empty), repr(''), repr(""""""), len(''''''))
print("unicode: αβγ ñ 中文 🐍", len("αβγ"), len("🐍"))
