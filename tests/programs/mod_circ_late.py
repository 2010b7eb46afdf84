# imports its importer, which is partially initialized: using it later,
# from a function, works
import mod_circ_early


def use():
    return mod_circ_early.EARLY


LATE = "late"
