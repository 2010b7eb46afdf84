# Set displays of constants: CPython compiles them as frozenset constants,
# and how its compiler makes those tables decides the order:
# * the items are added in source order, then the constant is rebuilt
#   from its own order when it is registered;
# * an equal constant registered earlier in the module is reused;
# * when the code object is made, a frozenset holding a string another
#   object had interned before (an identifier of this module, a string
#   the interpreter interned at start-up such as 'name' or 'title') is
#   rebuilt once more -- unless the constant already holds that interned
#   string because a keyword argument, a class name or an annotated name
#   with the same text was registered first.

def show(label, s):
    print(label, s, [x for x in s])

# Strings nobody interned: two builds.
show("fruit", {"melon", "mango", "grape", "cherry"})
show("colours", {"green", "cherry", "grape", "blue"})

# Strings interned at start-up: three builds.
show("with name", {"ivory", "name", "plum", "blue", "melon", "lemon", "mango"})
show("with title", {"title", "ivory", "coral", "red", "peach", "blue", "apple"})

# An identifier of this module (the function `amber` below) makes the
# strings interned before any code object is made.
show("with an identifier", {"coral", "blue", "amber", "cherry"})

def amber():
    return {"coral", "blue", "amber", "cherry"}

show("same items in a function", amber())
show("same items, other order", {"cherry", "amber", "blue", "coral"})

# A keyword argument registers the interned name first: no third build.
print(dict(read=1))
show("after a keyword", {"read", "melon", "blue", "green", "mango", "red", "kiwi"})

# So does a class name.
class peach:
    pass
show("after a class", {"title", "ivory", "coral", "red", "peach", "blue", "apple", "lime"})

# And a parameter's annotation.
def lookup(grape: str, *, kiwi=0):
    return {"grape", "kiwi", "blue", "green", "cherry"}
show("after annotations", lookup("g"))

# Iterating a display of constants iterates the frozenset itself.
for w in {"ivory", "name", "plum", "blue", "melon", "lemon", "mango"}:
    print(w, end=" ")
print()
print([w for w in {"green", "cherry", "grape", "blue"}])
print("name" in {"ivory", "name", "plum"}, "nope" not in {"a1", "b2", "c3"})

# Mixed constants, folded first.
show("mixed", {"name", -1, 2 ** 10, (1, "title"), 3.5, b"raw", True, "x"})
show("bool and int", {True, 1, 1.0, "one", "two"})
show("floats", {0.0, -0.0, 1.5, 2.5, -2.5})
