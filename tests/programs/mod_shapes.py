# Helper module for the traceback and suggestion programs.
def area(w, h):
    return w * h
