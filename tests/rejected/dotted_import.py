print("must not run")
import os.path
