/*
 * _speedups: a single-phase extension module meant to live inside a
 * package (pkg/_speedups.<suffix>), as packages ship their C
 * accelerators. PyInit__speedups makes the module with PyModule_Create
 * from a definition whose m_name is "_speedups"; the module is named by
 * its full dotted name ("pkg._speedups"), as CPython's package context
 * names it. Its functions report what the module sees of itself, and
 * import a sibling module through PyImport_ImportModule.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *scale(PyObject *m, PyObject *args) {
    long x, k;
    if (!PyArg_ParseTuple(args, "ll:scale", &x, &k)) {
        return NULL;
    }
    return PyLong_FromLong(x * k);
}

static PyObject *own_name(PyObject *m, PyObject *unused) {
    const char *name = PyModule_GetName(m);
    if (name == NULL) {
        return NULL;
    }
    return PyUnicode_FromString(name);
}

/* import_module(name): PyImport_ImportModule, which returns the module
 * itself for a dotted name (not its top-level package). */
static PyObject *import_module(PyObject *m, PyObject *name) {
    const char *s = PyUnicode_AsUTF8(name);
    if (s == NULL) {
        return NULL;
    }
    return PyImport_ImportModule(s);
}

static PyMethodDef speedups_methods[] = {
    {"scale", scale, METH_VARARGS, "x * k, in C."},
    {"own_name", own_name, METH_NOARGS, "The module's name, as C sees it."},
    {"import_module", import_module, METH_O, "PyImport_ImportModule(name)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef speedups_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_speedups",
    .m_doc = "C accelerators of a package.",
    .m_size = -1,
    .m_methods = speedups_methods,
};

PyMODINIT_FUNC PyInit__speedups(void) {
    PyObject *m = PyModule_Create(&speedups_def);
    if (m == NULL) {
        return NULL;
    }
    if (PyModule_AddStringConstant(m, "made_in", "C") < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
