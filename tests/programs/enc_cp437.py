# coding: IBM437
box = "ÉÍÍ» °±² « á"
print(box)
print(len(box), ord(box[0]))
