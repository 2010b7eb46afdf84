/*
 * apimisc: capsules (made, checked, imported from another module and
 * destroyed), PyModule_FromDefAndSpec/PyModule_ExecDef from C, and smaller
 * functions real extensions use: PyUnicode_Join, PyUnicode_Substring,
 * PyMapping_Items, PyFloat_FromString, PyList_SetSlice.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

typedef struct {
    long (*twice)(long);
    const char *tag;
} apimisc_api;

static long twice(long x) { return 2 * x; }

static apimisc_api the_api = {twice, "apimisc v1"};
static int destroyed = 0;

static void count_destroy(PyObject *capsule) {
    /* The pointer and context can still be read while it is destroyed. */
    if (PyCapsule_GetPointer(capsule, "apimisc.temp") != NULL && PyCapsule_GetContext(capsule) == &the_api) {
        destroyed++;
    }
}

static PyObject *capsule_import(PyObject *m, PyObject *args) {
    const char *name;
    long x;
    if (!PyArg_ParseTuple(args, "sl:capsule_import", &name, &x)) {
        return NULL;
    }
    apimisc_api *api = PyCapsule_Import(name, 0);
    if (api == NULL) {
        return NULL;
    }
    return Py_BuildValue("(ls)", api->twice(x), api->tag);
}

static PyObject *capsule_checks(PyObject *m, PyObject *cap) {
    const char *name = PyCapsule_GetName(cap);
    if (name == NULL && PyErr_Occurred()) {
        return NULL;
    }
    return Py_BuildValue("(siiii)", name, PyCapsule_IsValid(cap, "apimisc._C_API"),
                         PyCapsule_IsValid(cap, "other"), PyCapsule_IsValid(cap, NULL),
                         PyCapsule_CheckExact(cap));
}

static PyObject *capsule_get(PyObject *m, PyObject *args) {
    PyObject *cap;
    const char *name;
    if (!PyArg_ParseTuple(args, "Oz:capsule_get", &cap, &name)) {
        return NULL;
    }
    void *p = PyCapsule_GetPointer(cap, name);
    if (p == NULL) {
        return NULL;
    }
    return PyBool_FromLong(p == &the_api);
}

static PyObject *capsule_destroyed(PyObject *m, PyObject *unused) {
    PyObject *cap = PyCapsule_New(&the_api, "apimisc.temp", count_destroy);
    if (cap == NULL) {
        return NULL;
    }
    if (PyCapsule_SetContext(cap, &the_api) < 0) {
        Py_DECREF(cap);
        return NULL;
    }
    int before = destroyed;
    Py_DECREF(cap);
    return Py_BuildValue("(ii)", before, destroyed);
}

static PyObject *capsule_null(PyObject *m, PyObject *unused) {
    return PyCapsule_New(NULL, "apimisc.null", NULL);
}

static PyObject *join(PyObject *m, PyObject *args) {
    PyObject *sep, *seq;
    if (!PyArg_ParseTuple(args, "OO:join", &sep, &seq)) {
        return NULL;
    }
    return PyUnicode_Join(sep == Py_None ? NULL : sep, seq);
}

static PyObject *substring(PyObject *m, PyObject *args) {
    PyObject *s;
    Py_ssize_t a, b;
    if (!PyArg_ParseTuple(args, "Onn:substring", &s, &a, &b)) {
        return NULL;
    }
    return PyUnicode_Substring(s, a, b);
}

static PyObject *items(PyObject *m, PyObject *o) { return PyMapping_Items(o); }

static PyObject *float_from(PyObject *m, PyObject *o) { return PyFloat_FromString(o); }

static PyObject *set_slice(PyObject *m, PyObject *args) {
    PyObject *list, *seq;
    Py_ssize_t lo, hi;
    if (!PyArg_ParseTuple(args, "OnnO:set_slice", &list, &lo, &hi, &seq)) {
        return NULL;
    }
    if (PyList_SetSlice(list, lo, hi, seq == Py_None ? NULL : seq) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* A second module definition, made and run from C. */
static int sub_exec(PyObject *m) {
    return PyModule_AddIntConstant(m, "answer", 42);
}

static PyModuleDef_Slot sub_slots[] = {
    {Py_mod_exec, sub_exec},
    {0, NULL},
};

static struct PyModuleDef sub_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "apimisc_sub",
    .m_doc = "Made by PyModule_FromDefAndSpec.",
    .m_size = 0,
    .m_slots = sub_slots,
};

static PyObject *make_sub(PyObject *m, PyObject *spec) {
    PyObject *sub = PyModule_FromDefAndSpec(&sub_def, spec);
    if (sub == NULL) {
        return NULL;
    }
    if (PyModule_ExecDef(sub, &sub_def) < 0) {
        Py_DECREF(sub);
        return NULL;
    }
    return sub;
}

/* from_bytes(data, little, signed): _PyLong_FromByteArray of a bytes object. */
static PyObject *from_bytes(PyObject *self, PyObject *args) {
    const char *data;
    Py_ssize_t n;
    int little, is_signed;
    if (!PyArg_ParseTuple(args, "y#ii", &data, &n, &little, &is_signed)) {
        return NULL;
    }
    return _PyLong_FromByteArray((const unsigned char *)data, (size_t)n, little, is_signed);
}

/* to_bytes(v, n, little, signed): _PyLong_AsByteArray into n bytes. */
static PyObject *to_bytes(PyObject *self, PyObject *args) {
    PyObject *v;
    Py_ssize_t n;
    int little, is_signed;
    unsigned char buf[64];
    if (!PyArg_ParseTuple(args, "Onii", &v, &n, &little, &is_signed)) {
        return NULL;
    }
    if (n < 0 || n > 64) {
        PyErr_SetString(PyExc_ValueError, "n out of range");
        return NULL;
    }
    if (!PyLong_Check(v)) {
        PyErr_SetString(PyExc_TypeError, "an int is required");
        return NULL;
    }
    if (_PyLong_AsByteArray((PyLongObject *)v, buf, (size_t)n, little, is_signed) < 0) {
        return NULL;
    }
    return PyBytes_FromStringAndSize((const char *)buf, n);
}

static PyMethodDef apimisc_methods[] = {
    {"capsule_import", capsule_import, METH_VARARGS, NULL},
    {"capsule_checks", capsule_checks, METH_O, NULL},
    {"capsule_get", capsule_get, METH_VARARGS, NULL},
    {"capsule_destroyed", capsule_destroyed, METH_NOARGS, NULL},
    {"capsule_null", capsule_null, METH_NOARGS, NULL},
    {"join", join, METH_VARARGS, NULL},
    {"substring", substring, METH_VARARGS, NULL},
    {"items", items, METH_O, NULL},
    {"float_from", float_from, METH_O, NULL},
    {"set_slice", set_slice, METH_VARARGS, NULL},
    {"make_sub", make_sub, METH_O, NULL},
    {"from_bytes", from_bytes, METH_VARARGS, NULL},
    {"to_bytes", to_bytes, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef apimisc_module = {
    PyModuleDef_HEAD_INIT, "apimisc", "Capsules and smaller API functions.", -1, apimisc_methods,
};

PyMODINIT_FUNC PyInit_apimisc(void) {
    PyObject *m = PyModule_Create(&apimisc_module);
    if (m == NULL) {
        return NULL;
    }
    PyObject *cap = PyCapsule_New(&the_api, "apimisc._C_API", NULL);
    if (cap == NULL || PyModule_AddObject(m, "_C_API", cap) < 0) {
        Py_XDECREF(cap);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
