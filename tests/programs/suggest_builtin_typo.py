# A typo of a builtin function: "lenght" is too far from "len" (the
# common "len" leaves "ght" against nothing), "lenn" is close.
values = [3, 1, 2]
try:
    print(lenght(values))
except NameError as e:
    print("caught:", e)
print(lenn(values))
