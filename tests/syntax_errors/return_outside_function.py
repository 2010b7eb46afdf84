print("never reached in Typhon")
for i in range(3):
    print(i)
return i
