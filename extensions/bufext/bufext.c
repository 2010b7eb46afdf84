/*
 * bufext: the buffer protocol from both sides, as real extensions use it.
 *
 * Consumers: functions taking y*, s*, z* and w* arguments, and one that
 * calls PyObject_GetBuffer with the flags it is given and reports the
 * view. Exporter: Blob(n), a C type owning n writable bytes, whose
 * bf_getbuffer fills views with PyBuffer_FillInfo and counts the views
 * not yet released (so a test can see that a failed parse released the
 * buffer it had taken).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    char *data;
    Py_ssize_t size;
    Py_ssize_t exports;
} Blob;

static PyTypeObject BlobType;

static PyObject *Blob_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "n:Blob", &n)) {
        return NULL;
    }
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError, "negative size");
        return NULL;
    }
    Blob *self = (Blob *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->data = PyMem_Malloc(n > 0 ? n : 1);
    if (self->data == NULL) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    memset(self->data, 0, n > 0 ? n : 1);
    self->size = n;
    self->exports = 0;
    return (PyObject *)self;
}

static void Blob_dealloc(Blob *self) {
    PyMem_Free(self->data);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Blob_getbuffer(PyObject *op, Py_buffer *view, int flags) {
    Blob *self = (Blob *)op;
    if (PyBuffer_FillInfo(view, op, self->data, self->size, 0, flags) < 0) {
        return -1;
    }
    self->exports++;
    return 0;
}

static void Blob_releasebuffer(PyObject *op, Py_buffer *view) {
    ((Blob *)op)->exports--;
}

static PyBufferProcs Blob_as_buffer = {
    .bf_getbuffer = Blob_getbuffer,
    .bf_releasebuffer = Blob_releasebuffer,
};

static PyObject *Blob_exports(PyObject *op, PyObject *unused) {
    return PyLong_FromSsize_t(((Blob *)op)->exports);
}

static PyObject *Blob_tobytes(PyObject *op, PyObject *unused) {
    Blob *self = (Blob *)op;
    return PyBytes_FromStringAndSize(self->data, self->size);
}

static PyMethodDef Blob_methods[] = {
    {"exports", Blob_exports, METH_NOARGS, "Views not yet released."},
    {"tobytes", Blob_tobytes, METH_NOARGS, "The contents as bytes."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject BlobType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bufext.Blob",
    .tp_basicsize = sizeof(Blob),
    .tp_dealloc = (destructor)Blob_dealloc,
    .tp_as_buffer = &Blob_as_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "n writable bytes that export a buffer.",
    .tp_methods = Blob_methods,
    .tp_new = Blob_new,
};

/* The sum of the bytes of a view, released. */
static PyObject *sum_view(Py_buffer *view) {
    unsigned long total = 0;
    const unsigned char *p = view->buf;
    for (Py_ssize_t i = 0; i < view->len; i++) {
        total += p[i];
    }
    PyBuffer_Release(view);
    return PyLong_FromUnsignedLong(total);
}

static PyObject *checksum(PyObject *m, PyObject *args) {
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "y*:checksum", &view)) {
        return NULL;
    }
    return sum_view(&view);
}

static PyObject *text_sum(PyObject *m, PyObject *args) {
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "s*:text_sum", &view)) {
        return NULL;
    }
    return sum_view(&view);
}

static PyObject *maybe_len(PyObject *m, PyObject *args) {
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "z*:maybe_len", &view)) {
        return NULL;
    }
    Py_ssize_t n = view.buf == NULL ? -1 : view.len;
    PyBuffer_Release(&view);
    return PyLong_FromSsize_t(n);
}

static PyObject *fill(PyObject *m, PyObject *args) {
    Py_buffer view;
    int value;
    if (!PyArg_ParseTuple(args, "w*i:fill", &view, &value)) {
        return NULL;
    }
    memset(view.buf, value, view.len);
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

/* y* then an int: a bad int must release the buffer already taken. */
static PyObject *prefix_sum(PyObject *m, PyObject *args) {
    Py_buffer view;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "y*n:prefix_sum", &view, &n)) {
        return NULL;
    }
    if (n > view.len) {
        n = view.len;
    }
    view.len = n < 0 ? 0 : n;
    return sum_view(&view);
}

static PyObject *check(PyObject *m, PyObject *o) {
    return PyBool_FromLong(PyObject_CheckBuffer(o));
}

/* The view PyObject_GetBuffer(o, flags) gives, as a tuple. */
static PyObject *describe(PyObject *m, PyObject *args) {
    PyObject *o;
    int flags;
    Py_buffer view;
    if (!PyArg_ParseTuple(args, "Oi:describe", &o, &flags)) {
        return NULL;
    }
    if (PyObject_GetBuffer(o, &view, flags) < 0) {
        return NULL;
    }
    PyObject *r = Py_BuildValue(
        "(nniiONNi)", view.len, view.itemsize, view.readonly, view.ndim,
        view.format == NULL ? Py_None : PyUnicode_FromString(view.format),
        view.shape == NULL ? Py_NewRef(Py_None) : PyLong_FromSsize_t(view.shape[0]),
        view.strides == NULL ? Py_NewRef(Py_None) : PyLong_FromSsize_t(view.strides[0]),
        PyBuffer_IsContiguous(&view, 'C'));
    int same = view.obj == o;
    PyBuffer_Release(&view);
    if (r == NULL) {
        return NULL;
    }
    if (!same) {
        Py_DECREF(r);
        PyErr_SetString(PyExc_AssertionError, "view.obj is not the exporter");
        return NULL;
    }
    return r;
}

/* PyBuffer_FillInfo asked for a writable view of read-only memory. */
static PyObject *readonly_writable(PyObject *m, PyObject *unused) {
    static char data[4] = "abc";
    Py_buffer view;
    if (PyBuffer_FillInfo(&view, NULL, data, 3, 1, PyBUF_WRITABLE) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *fatal(PyObject *m, PyObject *args) {
    const char *msg;
    if (!PyArg_ParseTuple(args, "s:fatal", &msg)) {
        return NULL;
    }
    Py_FatalError(msg);
    return NULL;
}

static PyMethodDef bufext_methods[] = {
    {"checksum", checksum, METH_VARARGS, "Sum of the bytes of a bytes-like object (y*)."},
    {"text_sum", text_sum, METH_VARARGS, "Sum of the bytes of a str's UTF-8 or a buffer (s*)."},
    {"maybe_len", maybe_len, METH_VARARGS, "Length of a z* argument, -1 for None."},
    {"fill", fill, METH_VARARGS, "Fills a writable buffer (w*) with a byte."},
    {"prefix_sum", prefix_sum, METH_VARARGS, "Sum of the first n bytes (y*n)."},
    {"check", check, METH_O, "PyObject_CheckBuffer."},
    {"describe", describe, METH_VARARGS, "The view PyObject_GetBuffer gives with flags."},
    {"readonly_writable", readonly_writable, METH_NOARGS, "A writable view of read-only memory."},
    {"fatal", fatal, METH_VARARGS, "Py_FatalError(msg)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef bufext_module = {
    PyModuleDef_HEAD_INIT, "bufext", "The buffer protocol from both sides.", -1, bufext_methods,
};

PyMODINIT_FUNC PyInit_bufext(void) {
    PyObject *m = PyModule_Create(&bufext_module);
    if (m == NULL) {
        return NULL;
    }
    if (PyType_Ready(&BlobType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&BlobType);
    if (PyModule_AddObject(m, "Blob", (PyObject *)&BlobType) < 0) {
        Py_DECREF(&BlobType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "PyBUF_SIMPLE", PyBUF_SIMPLE) < 0 ||
        PyModule_AddIntConstant(m, "PyBUF_WRITABLE", PyBUF_WRITABLE) < 0 ||
        PyModule_AddIntConstant(m, "PyBUF_FORMAT", PyBUF_FORMAT) < 0 ||
        PyModule_AddIntConstant(m, "PyBUF_ND", PyBUF_ND) < 0 ||
        PyModule_AddIntConstant(m, "PyBUF_STRIDES", PyBUF_STRIDES) < 0 ||
        PyModule_AddIntConstant(m, "PyBUF_FULL_RO", PyBUF_FULL_RO) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
