/*
 * phases: a module made by multi-phase initialization (PEP 489), as
 * markupsafe and newer extensions make theirs. PyInit_phases returns
 * PyModuleDef_Init(&def); two Py_mod_exec slots run in order on the module
 * (the second sees what the first added), and the module keeps a counter
 * in its state (m_size), read and written through PyModule_GetState.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

typedef struct {
    long calls;
    long base;
} phases_state;

static PyObject *bump(PyObject *m, PyObject *unused) {
    phases_state *st = PyModule_GetState(m);
    if (st == NULL) {
        return NULL;
    }
    st->calls++;
    return PyLong_FromLong(st->base + st->calls);
}

static PyObject *calls(PyObject *m, PyObject *unused) {
    phases_state *st = PyModule_GetState(m);
    if (st == NULL) {
        return NULL;
    }
    return PyLong_FromLong(st->calls);
}

static PyMethodDef phases_methods[] = {
    {"bump", bump, METH_NOARGS, "Counts a call in the module state."},
    {"calls", calls, METH_NOARGS, "The calls counted so far."},
    {NULL, NULL, 0, NULL},
};

static int exec_first(PyObject *m) {
    phases_state *st = PyModule_GetState(m);
    if (st == NULL) {
        return -1;
    }
    if (st->calls != 0 || st->base != 0) {
        PyErr_SetString(PyExc_AssertionError, "module state is not zeroed");
        return -1;
    }
    st->base = 100;
    if (PyModule_AddIntConstant(m, "order", 1) < 0) {
        return -1;
    }
    return PyModule_AddStringConstant(m, "made_by", "exec_first");
}

static int exec_second(PyObject *m) {
    PyObject *order = PyObject_GetAttrString(m, "order");
    if (order == NULL) {
        return -1;
    }
    long o = PyLong_AsLong(order);
    Py_DECREF(order);
    if (o != 1) {
        PyErr_SetString(PyExc_AssertionError, "exec slots ran out of order");
        return -1;
    }
    return PyModule_AddIntConstant(m, "order", 2);
}

static PyModuleDef_Slot phases_slots[] = {
    {Py_mod_exec, exec_first},
    {Py_mod_exec, exec_second},
    {0, NULL},
};

static struct PyModuleDef phases_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "phases",
    .m_doc = "Made by multi-phase initialization.",
    .m_size = sizeof(phases_state),
    .m_methods = phases_methods,
    .m_slots = phases_slots,
};

PyMODINIT_FUNC PyInit_phases(void) {
    return PyModuleDef_Init(&phases_def);
}
