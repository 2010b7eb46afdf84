print("imp_pkg.broken starts")
STARTED = True
1 / 0
