print("never reached in Typhon")
squares = (x * x for x in range(10))
print(sum(squares))
