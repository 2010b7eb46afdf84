# An attribute typo on a str; the caught exception's str() has no
# suggestion.
s = "Hello"
try:
    s.lowr()
except AttributeError as e:
    print(e)
print(s.uper())
