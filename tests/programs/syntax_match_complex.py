x = 3
print("must not run")
match x:
    case 1 | 2+3j:
        print("complex")
