/*
 * modstate: the modern pattern for an extension's types and state. The
 * module is made by multi-phase init (PEP 489); its Py_mod_exec slot makes
 * a heap type with PyType_FromModuleAndSpec, keeps a reference to it in
 * the module state and adds it with PyModule_AddType. Methods of the type
 * reach the state through PyType_GetModuleState and
 * PyType_GetModuleByDef. The module's m_traverse reports the state's
 * reference (so the collector can free module and type together),
 * m_clear drops it, and m_free runs when the module object is freed: at
 * exit, they print what they see.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdio.h>

typedef struct {
    PyObject *item_type;
    long made;
} modstate_state;

static int traversed = 0;
static struct PyModuleDef modstate_def;

typedef struct {
    PyObject_HEAD
    long serial;
} ItemObject;

static PyObject *item_new(PyTypeObject *t, PyObject *args, PyObject *kwds) {
    if (!PyArg_ParseTuple(args, ":Item")) {
        return NULL;
    }
    /* By definition, not PyType_GetModuleState(t): `t` may be a subclass. */
    PyObject *m = PyType_GetModuleByDef(t, &modstate_def);
    if (m == NULL) {
        return NULL;
    }
    modstate_state *st = PyModule_GetState(m);
    ItemObject *self = (ItemObject *)t->tp_alloc(t, 0);
    if (self == NULL) {
        return NULL;
    }
    self->serial = ++st->made;
    return (PyObject *)self;
}

static void item_dealloc(PyObject *self) {
    PyTypeObject *tp = Py_TYPE(self);
    tp->tp_free(self);
    Py_DECREF(tp);
}

static PyObject *item_repr(PyObject *self) {
    return PyUnicode_FromFormat("<Item %ld>", ((ItemObject *)self)->serial);
}

/* The state through the module found by its definition, as a method of a
 * subclass would have to find it. */
static PyObject *item_made(PyObject *self, PyObject *unused) {
    PyObject *m = PyType_GetModuleByDef(Py_TYPE(self), &modstate_def);
    if (m == NULL) {
        return NULL;
    }
    modstate_state *st = PyModule_GetState(m);
    return PyLong_FromLong(st->made);
}

static PyObject *item_same_type(PyObject *self, PyObject *unused) {
    modstate_state *st = PyType_GetModuleState(Py_TYPE(self));
    if (st == NULL) {
        return NULL;
    }
    return PyBool_FromLong((PyObject *)Py_TYPE(self) == st->item_type);
}

/* METH_METHOD: the class that defines the method comes in, so the state
 * is found even when `self` is an instance of a subclass. */
static PyObject *item_via_class(PyObject *self, PyTypeObject *defining_class,
                                PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    modstate_state *st = PyType_GetModuleState(defining_class);
    if (st == NULL) {
        return NULL;
    }
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_Size(kwnames);
    return Py_BuildValue("(lnn)", st->made, PyVectorcall_NARGS(nargsf), nkw);
}

static PyMethodDef item_methods[] = {
    {"via_class", (PyCFunction)(void (*)(void))item_via_class, METH_METHOD | METH_FASTCALL | METH_KEYWORDS,
     NULL},
    {"made", item_made, METH_NOARGS, "how many items the module made"},
    {"same_type", item_same_type, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot item_slots[] = {
    {Py_tp_new, item_new},
    {Py_tp_dealloc, item_dealloc},
    {Py_tp_repr, item_repr},
    {Py_tp_methods, item_methods},
    {0, NULL},
};

static PyType_Spec item_spec = {
    "modstate.Item",
    sizeof(ItemObject),
    0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    item_slots,
};

static PyObject *make_item(PyObject *m, PyObject *unused) {
    modstate_state *st = PyModule_GetState(m);
    return PyObject_CallNoArgs(st->item_type);
}

static PyObject *state_type_is(PyObject *m, PyObject *t) {
    modstate_state *st = PyModule_GetState(m);
    return PyBool_FromLong(st->item_type == t);
}

static PyObject *def_matches(PyObject *m, PyObject *unused) {
    return PyBool_FromLong(PyModule_GetDef(m) == &modstate_def);
}

static PyObject *by_def_of(PyObject *m, PyObject *t) {
    PyObject *r = PyType_GetModuleByDef((PyTypeObject *)t, &modstate_def);
    Py_XINCREF(r);
    return r;
}

static PyMethodDef modstate_methods[] = {
    {"make_item", make_item, METH_NOARGS, NULL},
    {"state_type_is", state_type_is, METH_O, NULL},
    {"def_matches", def_matches, METH_NOARGS, NULL},
    {"by_def_of", by_def_of, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

static int modstate_exec(PyObject *m) {
    modstate_state *st = PyModule_GetState(m);
    st->item_type = PyType_FromModuleAndSpec(m, &item_spec, NULL);
    if (st->item_type == NULL) {
        return -1;
    }
    return PyModule_AddType(m, (PyTypeObject *)st->item_type);
}

static int modstate_traverse(PyObject *m, visitproc visit, void *arg) {
    modstate_state *st = PyModule_GetState(m);
    traversed = 1;
    Py_VISIT(st->item_type);
    return 0;
}

static int modstate_clear(PyObject *m) {
    modstate_state *st = PyModule_GetState(m);
    printf("m_clear: traversed before: %s, type held: %s, items made: %ld\n",
           traversed ? "yes" : "no", st->item_type ? "yes" : "no", st->made);
    fflush(stdout);
    Py_CLEAR(st->item_type);
    return 0;
}

static void modstate_free(void *m) {
    modstate_state *st = PyModule_GetState((PyObject *)m);
    printf("m_free: type held: %s, items made: %ld\n", st->item_type ? "yes" : "no", st->made);
    fflush(stdout);
}

static PyModuleDef_Slot modstate_slots[] = {
    {Py_mod_exec, modstate_exec},
    {0, NULL},
};

static struct PyModuleDef modstate_def = {
    PyModuleDef_HEAD_INIT,
    "modstate",
    "A module whose state holds its heap type.",
    sizeof(modstate_state),
    modstate_methods,
    modstate_slots,
    modstate_traverse,
    modstate_clear,
    modstate_free,
};

PyMODINIT_FUNC PyInit_modstate(void) {
    return PyModuleDef_Init(&modstate_def);
}
