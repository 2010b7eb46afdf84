# A module whose state holds the heap type it made in its exec slot
# (PyType_FromModuleAndSpec, PyModule_AddType): methods reach the state
# through the type (PyType_GetModuleState, PyType_GetModuleByDef), and at
# exit the module's m_clear and m_free run, in CPython's order, after the
# collector traversed the state (m_traverse).
import modstate
from modstate import Item

print(modstate.__doc__)
print(Item, modstate.state_type_is(Item), modstate.def_matches())
a, b = Item(), modstate.make_item()
print(a, b, a.made(), b.same_type())
try:
    Item(1)
except TypeError as e:
    print("TypeError", e)
print(modstate.by_def_of(Item) is modstate)


class Sub(Item):
    pass


s = Sub()
print(type(s).__name__, s, s.made(), modstate.by_def_of(Sub) is modstate)
try:
    s.same_type()
except TypeError as e:
    print("TypeError", e)
for t in (int,):
    try:
        modstate.by_def_of(t)
    except TypeError as e:
        print("TypeError", e)
print(a.via_class(), s.via_class(1, 2, k=3))
del a, b, s
print("end of program", flush=True)
