# imported after the package finished: the package is initialized, this
# submodule is not yet
import imp_cyc
from mod_imputil import show
try:
    imp_cyc.late
except AttributeError as e:
    show(e)
try:
    imp_cyc.not_a_submodule
except AttributeError as e:
    show(e)
