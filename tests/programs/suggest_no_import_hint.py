# CPython 3.11 has no "Did you forget to import" hint (3.12 added it):
# a module used without its import is a plain NameError.
print("start")
print(sys.argv[0])
