# Operator anchors skip parentheses and blanks around the operator.
a = 7
b = None
print((a) * 2)
c = (a)  +  (b)
