# A method call whose receiver is on an earlier line: CPython points at
# the line of the method name.
words = ["b", "a"]
joined = (" "
          .join(words))
print(joined)
out = (joined
       .upper()
       .missing())
