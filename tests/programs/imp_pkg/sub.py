print("running imp_pkg/sub.py as", __name__, "package", repr(__package__))
COUNT = 1


def helper():
    return "helper of " + __name__
