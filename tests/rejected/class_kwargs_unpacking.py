print("must not run")
options = {}
class Point(**options):
    pass
print(Point.__name__)
