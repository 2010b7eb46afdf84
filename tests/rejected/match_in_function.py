print("never reached in Typhon: the whole module is compiled first")


def classify(x):
    match x:
        case 1:
            return "one"
    return "other"


print(classify(1))
