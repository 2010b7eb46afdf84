/*
 * warnext: warnings from C (PyErr_WarnEx, PyErr_WarnFormat,
 * PyErr_WarnExplicit) and the warning categories, shown as CPython shows
 * them with its default filters: stacklevel picks the Python frame, each
 * location warns once, DeprecationWarning only from __main__, and the
 * categories the default filters ignore stay silent.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *warn(PyObject *m, PyObject *args) {
    PyObject *category;
    const char *msg;
    Py_ssize_t level;
    if (!PyArg_ParseTuple(args, "Osn", &category, &msg, &level)) {
        return NULL;
    }
    if (PyErr_WarnEx(category == Py_None ? NULL : category, msg, level) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* Warns, then returns its argument: the caller's expression goes on. */
static PyObject *warn_value(PyObject *m, PyObject *v) {
    if (PyErr_WarnEx(PyExc_UserWarning, "warn_value warned", 1) < 0) {
        return NULL;
    }
    Py_INCREF(v);
    return v;
}

static PyObject *warn_format(PyObject *m, PyObject *args) {
    PyObject *category;
    int n;
    if (!PyArg_ParseTuple(args, "Oi", &category, &n)) {
        return NULL;
    }
    if (PyErr_WarnFormat(category, 1, "formatted: %d items of %s", n, "spam") < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *warn_explicit(PyObject *m, PyObject *args) {
    PyObject *category, *module;
    const char *msg, *filename;
    int lineno;
    if (!PyArg_ParseTuple(args, "OssiO", &category, &msg, &filename, &lineno, &module)) {
        return NULL;
    }
    const char *mod = module == Py_None ? NULL : PyUnicode_AsUTF8(module);
    if (PyErr_WarnExplicit(category, msg, filename, lineno, mod, NULL) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *warn_then_raise(PyObject *m, PyObject *unused) {
    if (PyErr_WarnEx(PyExc_RuntimeWarning, "about to fail", 1) < 0) {
        return NULL;
    }
    PyErr_SetString(PyExc_ValueError, "failed after warning");
    return NULL;
}

static PyObject *categories(PyObject *m, PyObject *unused) {
    return PyTuple_Pack(11, PyExc_Warning, PyExc_UserWarning, PyExc_DeprecationWarning,
                        PyExc_PendingDeprecationWarning, PyExc_RuntimeWarning,
                        PyExc_SyntaxWarning, PyExc_FutureWarning, PyExc_ImportWarning,
                        PyExc_UnicodeWarning, PyExc_BytesWarning, PyExc_ResourceWarning);
}

static PyMethodDef warnext_methods[] = {
    {"warn", warn, METH_VARARGS, NULL},
    {"warn_value", warn_value, METH_O, NULL},
    {"warn_format", warn_format, METH_VARARGS, NULL},
    {"warn_explicit", warn_explicit, METH_VARARGS, NULL},
    {"warn_then_raise", warn_then_raise, METH_NOARGS, NULL},
    {"categories", categories, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

/* A type whose method warns (the method-call paths). */
static PyObject *noisy_poke(PyObject *self, PyObject *unused) {
    if (PyErr_WarnEx(PyExc_FutureWarning, "Noisy.poke will change", 1) < 0) {
        return NULL;
    }
    return PyLong_FromLong(42);
}

static PyMethodDef noisy_methods[] = {
    {"poke", noisy_poke, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject NoisyType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "warnext.Noisy",
    .tp_basicsize = sizeof(PyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_methods = noisy_methods,
};

static struct PyModuleDef warnext_module = {
    PyModuleDef_HEAD_INIT, "warnext", NULL, -1, warnext_methods,
};

PyMODINIT_FUNC PyInit_warnext(void) {
    /* Issued under CPython's import machinery: the DeprecationWarning is
     * importlib's (not shown); seven levels up is the import statement
     * (six frozen importlib frames first). */
    if (PyErr_WarnEx(PyExc_DeprecationWarning, "from PyInit, importlib's", 1) < 0 ||
        PyErr_WarnEx(PyExc_UserWarning, "from PyInit, blamed on the import", 7) < 0) {
        return NULL;
    }
    if (PyType_Ready(&NoisyType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&warnext_module);
    if (m == NULL) {
        return NULL;
    }
    if (PyModule_AddType(m, &NoisyType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
