# helper for the import tests: prints exceptions and paths without the
# absolute directory of the programs (it differs between checkouts)
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def rel(text):
    return str(text).replace(HERE, "<dir>")


def show(e):
    print(type(e).__name__ + ":", rel(e))


def show_import_error(e):
    show(e)
    print("   name =", rel(repr(e.name)), " path =", rel(repr(e.path)))
