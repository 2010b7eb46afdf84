/*
 * ucs: PEP 393 strings from C. Reads a str through PyUnicode_KIND,
 * PyUnicode_DATA and PyUnicode_READ; builds strings with PyUnicode_New,
 * filled through PyUnicode_WRITE or PyUnicode_WriteChar; and exercises
 * PyUnicode_ReadChar, PyUnicode_FromKindAndData and their errors.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* (kind, max char value, is ascii, length, [code points]) */
static PyObject *info(PyObject *m, PyObject *s) {
    if (!PyUnicode_Check(s)) {
        PyErr_SetString(PyExc_TypeError, "info() needs a str");
        return NULL;
    }
    int kind = PyUnicode_KIND(s);
    void *data = PyUnicode_DATA(s);
    Py_ssize_t n = PyUnicode_GET_LENGTH(s);
    PyObject *points = PyList_New(n);
    if (points == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyList_SET_ITEM(points, i, PyLong_FromUnsignedLong(PyUnicode_READ(kind, data, i)));
    }
    if (PyUnicode_READ(kind, data, n) != 0) {
        Py_DECREF(points);
        PyErr_SetString(PyExc_AssertionError, "no zero unit after the code points");
        return NULL;
    }
    return Py_BuildValue("(ikinN)", kind, (unsigned long)PyUnicode_MAX_CHAR_VALUE(s),
                         PyUnicode_IS_ASCII(s) ? 1 : 0, n, points);
}

/* The code points of a list of ints, or -1. */
static Py_ssize_t points_of(PyObject *list, Py_UCS4 *out, Py_ssize_t cap) {
    Py_ssize_t n = PyList_Size(list);
    if (n < 0 || n > cap) {
        PyErr_SetString(PyExc_ValueError, "need a list of at most 64 ints");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = PyLong_AsLong(PyList_GetItem(list, i));
        if (c == -1 && PyErr_Occurred()) {
            return -1;
        }
        out[i] = (Py_UCS4)c;
    }
    return n;
}

/* PyUnicode_New(len(points), maxchar), filled with PyUnicode_WRITE. */
static PyObject *build(PyObject *m, PyObject *args) {
    PyObject *list;
    unsigned long maxchar;
    Py_UCS4 pts[64];
    if (!PyArg_ParseTuple(args, "O!k:build", &PyList_Type, &list, &maxchar)) {
        return NULL;
    }
    Py_ssize_t n = points_of(list, pts, 64);
    if (n < 0) {
        return NULL;
    }
    PyObject *s = PyUnicode_New(n, (Py_UCS4)maxchar);
    if (s == NULL) {
        return NULL;
    }
    int kind = PyUnicode_KIND(s);
    void *data = PyUnicode_DATA(s);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyUnicode_WRITE(kind, data, i, pts[i]);
    }
    return s;
}

/* The same, through PyUnicode_WriteChar (which checks each write). */
static PyObject *build_checked(PyObject *m, PyObject *args) {
    PyObject *list;
    unsigned long maxchar;
    Py_UCS4 pts[64];
    if (!PyArg_ParseTuple(args, "O!k:build_checked", &PyList_Type, &list, &maxchar)) {
        return NULL;
    }
    Py_ssize_t n = points_of(list, pts, 64);
    if (n < 0) {
        return NULL;
    }
    PyObject *s = PyUnicode_New(n, (Py_UCS4)maxchar);
    if (s == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (PyUnicode_WriteChar(s, i, pts[i]) < 0) {
            Py_DECREF(s);
            return NULL;
        }
    }
    return s;
}

/* A new string written, then put in a tuple with its length as C sees it. */
static PyObject *build_in_tuple(PyObject *m, PyObject *unused) {
    PyObject *s = PyUnicode_New(3, 0x20ac);
    if (s == NULL) {
        return NULL;
    }
    PyUnicode_WRITE(PyUnicode_KIND(s), PyUnicode_DATA(s), 0, 0x20ac);
    PyUnicode_WRITE(PyUnicode_KIND(s), PyUnicode_DATA(s), 1, 'x');
    PyUnicode_WRITE(PyUnicode_KIND(s), PyUnicode_DATA(s), 2, 0xe9);
    return Py_BuildValue("(Nn)", s, (Py_ssize_t)3);
}

static PyObject *read_char(PyObject *m, PyObject *args) {
    PyObject *s;
    Py_ssize_t i;
    if (!PyArg_ParseTuple(args, "On:read_char", &s, &i)) {
        return NULL;
    }
    Py_UCS4 c = PyUnicode_ReadChar(s, i);
    if (c == (Py_UCS4)-1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromUnsignedLong(c);
}

/* PyUnicode_WriteChar into a string Python already uses. */
static PyObject *write_shared(PyObject *m, PyObject *args) {
    PyObject *s;
    Py_ssize_t i;
    unsigned long c;
    if (!PyArg_ParseTuple(args, "Onk:write_shared", &s, &i, &c)) {
        return NULL;
    }
    if (PyUnicode_WriteChar(s, i, (Py_UCS4)c) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *from_kind(PyObject *m, PyObject *args) {
    int kind;
    PyObject *list;
    Py_UCS4 pts[64];
    Py_UCS1 b1[64];
    Py_UCS2 b2[64];
    if (!PyArg_ParseTuple(args, "iO!:from_kind", &kind, &PyList_Type, &list)) {
        return NULL;
    }
    Py_ssize_t n = points_of(list, pts, 64);
    if (n < 0) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        b1[i] = (Py_UCS1)pts[i];
        b2[i] = (Py_UCS2)pts[i];
    }
    const void *buf = kind == 1 ? (const void *)b1 : kind == 2 ? (const void *)b2 : (const void *)pts;
    return PyUnicode_FromKindAndData(kind, buf, n);
}

static PyObject *new_raw(PyObject *m, PyObject *args) {
    Py_ssize_t n;
    unsigned long maxchar;
    if (!PyArg_ParseTuple(args, "nk:new_raw", &n, &maxchar)) {
        return NULL;
    }
    PyObject *s = PyUnicode_New(n, (Py_UCS4)maxchar);
    if (s == NULL) {
        return NULL;
    }
    /* Unwritten: its code points are zeros. */
    return s;
}

static PyMethodDef ucs_methods[] = {
    {"info", info, METH_O, "(kind, max char value, is ascii, length, code points)."},
    {"build", build, METH_VARARGS, "PyUnicode_New filled with PyUnicode_WRITE."},
    {"build_checked", build_checked, METH_VARARGS, "PyUnicode_New filled with PyUnicode_WriteChar."},
    {"build_in_tuple", build_in_tuple, METH_NOARGS, "A new string returned in a tuple."},
    {"read_char", read_char, METH_VARARGS, "PyUnicode_ReadChar."},
    {"write_shared", write_shared, METH_VARARGS, "PyUnicode_WriteChar on a string in use."},
    {"from_kind", from_kind, METH_VARARGS, "PyUnicode_FromKindAndData."},
    {"new_raw", new_raw, METH_VARARGS, "PyUnicode_New, unwritten."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef ucs_module = {
    PyModuleDef_HEAD_INIT, "ucs", "PEP 393 strings from C.", -1, ucs_methods,
};

PyMODINIT_FUNC PyInit_ucs(void) {
    return PyModule_Create(&ucs_module);
}
