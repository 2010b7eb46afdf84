# circular imports behave as in CPython: the module being imported is in
# sys.modules, partially initialized; names it has not set yet raise the
# circular-import messages; submodules come from sys.modules
import sys
from mod_imputil import show, rel

import mod_circ_a
print(mod_circ_a.A, mod_circ_a.mod_circ_b.B, mod_circ_a.mod_circ_b.mod_circ_a is mod_circ_a)

import imp_cyc
print(imp_cyc.TOP, imp_cyc.first.FIRST, imp_cyc.first.second.SECOND)
print(sorted(k for k in sys.modules if k.startswith("imp_cyc")))
print(imp_cyc.__spec__._initializing, imp_cyc.first.__spec__._initializing)

import mod_circ_early
print(mod_circ_early.EARLY, mod_circ_early.mod_circ_late.LATE)

# a module importing itself gets itself, partially initialized
import mod_self_import
print(mod_self_import.DONE)

import imp_cyc.late
print(imp_cyc.late.__name__, imp_cyc.__spec__._uninitialized_submodules)
