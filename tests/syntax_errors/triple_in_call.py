print("""abc)
