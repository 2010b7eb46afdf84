# An attribute name with nothing close: no suggestion.
x = [1]
x.frobnicate()
