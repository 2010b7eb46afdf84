# A Py_mod_create slot that makes the module object itself, for a
# definition with module state: the functions and doc come after the
# create slot, the state before the exec slots, m_free at exit.
print("before import", flush=True)
import modcreate

print(modcreate.__name__, modcreate.__doc__, modcreate.bump.__doc__)
print(modcreate.bump(), modcreate.bump(), flush=True)
print("end of program", flush=True)
