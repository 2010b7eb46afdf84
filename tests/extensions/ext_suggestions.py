# "Did you mean" for a C type's instance: the names of its type's dict
# (methods, members, get-sets) and object's are the candidates.
import checks

p = checks.Pair(1, 2)
print(p.swap(), p.total)
try:
    p.totl
except AttributeError as e:
    print("caught:", e)
p.chek()
