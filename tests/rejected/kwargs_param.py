def configure(name, **options):
    return name
print(configure("x"))
