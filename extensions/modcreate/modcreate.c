/*
 * modcreate: multi-phase initialization whose Py_mod_create slot makes the
 * module object itself (PyModule_New) while the definition asks for
 * module state: as in CPython, the module gets the definition's functions
 * and doc after the create slot, its state before the exec slots, and its
 * m_free when it is freed.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdio.h>

typedef struct {
    long counter;
} modcreate_state;

static struct PyModuleDef modcreate_def;

static PyObject *create(PyObject *spec, PyModuleDef *def) {
    PyObject *name = PyObject_GetAttrString(spec, "name");
    if (name == NULL) {
        return NULL;
    }
    PyObject *m = PyModule_New(PyUnicode_AsUTF8(name));
    Py_DECREF(name);
    if (m != NULL) {
        /* Not yet: the definition, its state and functions come later. */
        printf("create: state %s, def %s, has bump: %d\n", PyModule_GetState(m) ? "set" : "NULL",
               PyModule_GetDef(m) ? "set" : "NULL", PyObject_HasAttrString(m, "bump"));
        fflush(stdout);
    }
    return m;
}

static int exec_module(PyObject *m) {
    modcreate_state *st = PyModule_GetState(m);
    printf("exec: state %s, def is ours %d, has bump: %d\n", st ? "set" : "NULL",
           PyModule_GetDef(m) == &modcreate_def, PyObject_HasAttrString(m, "bump"));
    fflush(stdout);
    if (st == NULL) {
        return -1;
    }
    st->counter = 41;
    return 0;
}

static PyObject *bump(PyObject *m, PyObject *unused) {
    modcreate_state *st = PyModule_GetState(m);
    return PyLong_FromLong(++st->counter);
}

static void modcreate_free(void *m) {
    modcreate_state *st = PyModule_GetState((PyObject *)m);
    printf("m_free: counter %ld\n", st ? st->counter : -1L);
    fflush(stdout);
}

static PyMethodDef modcreate_methods[] = {
    {"bump", bump, METH_NOARGS, "Counts in the module state."},
    {NULL, NULL, 0, NULL},
};

static PyModuleDef_Slot modcreate_slots[] = {
    {Py_mod_create, create},
    {Py_mod_exec, exec_module},
    {0, NULL},
};

static struct PyModuleDef modcreate_def = {
    PyModuleDef_HEAD_INIT,
    "modcreate",
    "A module its create slot made.",
    sizeof(modcreate_state),
    modcreate_methods,
    modcreate_slots,
    NULL,
    NULL,
    modcreate_free,
};

PyMODINIT_FUNC PyInit_modcreate(void) {
    return PyModuleDef_Init(&modcreate_def);
}
