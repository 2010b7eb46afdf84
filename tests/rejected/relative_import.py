print("must not run")
from . import sibling
