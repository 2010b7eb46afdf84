/*
 * bench_ext: the C functions the benchmarks call.
 *
 * The four functions of the typed-methods paper (Bernstein and
 * Bolz-Tereick, SOAP '24), each with typed metadata:
 *   inc(i)       long -> long, METH_O          (ffibench)
 *   obj(o, i)    object, long -> long, FASTCALL (objbench)
 *   id(o)        object -> object, METH_O, cannot raise (idbench)
 *   id_exc(o)    the same, can raise            (idbench_exc)
 * plus fadd(x, y), double, double -> double (faddbench).
 *
 * And the shapes of PyPy's cpyext microbenchmarks, without metadata:
 * noargs(), onearg(x), varargs(*args), allocate_int(), allocate_tuple(),
 * and a type Foo with the same methods, __len__ and __getitem__.
 *
 * The same file builds against CPython's Python.h (the typed_methods.h
 * macros then emit plain method entries) and against Typhon's.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "typed_methods.h"

/* ----- the paper's functions ------------------------------------------------- */

/* Kept out of line so the wrapper really calls it, as in the paper. */
__attribute__((noinline)) static long inc_impl(long x) { return x + 1; }

static PyObject *inc(PyObject *module, PyObject *arg) {
    long x = PyLong_AsLong(arg);
    if (x == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLong(inc_impl(x));
}

__attribute__((noinline)) static long obj_impl(PyObject *o, long i) {
    (void)o;
    return i + 1;
}

static PyObject *obj(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "obj() takes exactly 2 arguments (%zd given)", nargs);
        return NULL;
    }
    long i = PyLong_AsLong(args[1]);
    if (i == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLong(obj_impl(args[0], i));
}

__attribute__((noinline)) static PyObject *id_impl(PyObject *o) {
    Py_INCREF(o);
    return o;
}

static PyObject *id(PyObject *module, PyObject *o) { return id_impl(o); }

__attribute__((noinline)) static PyObject *id_exc_impl(PyObject *o) {
    Py_INCREF(o);
    return o;
}

static PyObject *id_exc(PyObject *module, PyObject *o) { return id_exc_impl(o); }

__attribute__((noinline)) static double fadd_impl(double x, double y) { return x + y; }

static PyObject *fadd_wrapper(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "fadd() takes exactly 2 arguments (%zd given)", nargs);
        return NULL;
    }
    double x = PyFloat_AsDouble(args[0]);
    if (x == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    double y = PyFloat_AsDouble(args[1]);
    if (y == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    return PyFloat_FromDouble(fadd_impl(x, y));
}

SIG(inc, LIST(T_C_LONG), T_C_LONG)
SIG(obj, LIST(T_PY_OBJECT, T_C_LONG), T_C_LONG)
SIG(id, LIST(T_PY_OBJECT), T_PY_OBJECT)
SIG(id_exc, LIST(T_PY_OBJECT), MAY_RAISE(T_PY_OBJECT))
SIG(fadd, LIST(T_C_DOUBLE, T_C_DOUBLE), T_C_DOUBLE)

/* ----- cpyext shapes ----------------------------------------------------------- */

static PyObject *noargs(PyObject *self, PyObject *unused) { Py_RETURN_NONE; }

static PyObject *onearg(PyObject *self, PyObject *arg) { Py_RETURN_NONE; }

static PyObject *varargs(PyObject *self, PyObject *args) { Py_RETURN_NONE; }

/* METH_FASTCALL with two floats, unboxed and boxed by C. */
static PyObject *fast_fadd(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "fast_fadd() takes 2 arguments");
        return NULL;
    }
    double x = PyFloat_AsDouble(args[0]);
    if (x == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    double y = PyFloat_AsDouble(args[1]);
    if (y == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    return PyFloat_FromDouble(x + y);
}

/* METH_FASTCALL with an object (ignored) and an int: i + 1. */
static PyObject *fast_mixed(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "fast_mixed() takes 2 arguments");
        return NULL;
    }
    long i = PyLong_AsLong(args[1]);
    if (i == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLong(i + 1);
}

/* METH_VARARGS | METH_KEYWORDS: kwargs(a, b=1) -> a + b. */
static PyObject *kwargs(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"a", "b", NULL};
    long a, b = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "l|l:kwargs", kwlist, &a, &b)) {
        return NULL;
    }
    return PyLong_FromLong(a + b);
}

/* A bytes-like argument read through the buffer protocol: its length. */
static PyObject *buflen(PyObject *self, PyObject *arg) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) {
        return NULL;
    }
    Py_ssize_t n = view.len;
    PyBuffer_Release(&view);
    return PyLong_FromSsize_t(n);
}

static PyObject *allocate_int(PyObject *self, PyObject *unused) {
    /* Outside CPython's small-int cache, so every call allocates there. */
    return PyLong_FromLong(1234);
}

static PyObject *allocate_tuple(PyObject *self, PyObject *unused) {
    return Py_BuildValue("(ii)", 1, 2);
}

/* ----- the Foo type --------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
} FooObject;

static Py_ssize_t Foo_length(PyObject *self) { return 42; }

static PyObject *Foo_item(PyObject *self, Py_ssize_t i) {
    if (i < 0 || i >= 42) {
        PyErr_SetString(PyExc_IndexError, "Foo index out of range");
        return NULL;
    }
    return PyLong_FromSsize_t(i);
}

static PySequenceMethods Foo_as_sequence = {
    .sq_length = Foo_length,
    .sq_item = Foo_item,
};

static PyMethodDef Foo_methods[] = {
    {"noargs", noargs, METH_NOARGS, "Takes nothing, returns None."},
    {"onearg", onearg, METH_O, "Takes one argument, returns None."},
    {"varargs", varargs, METH_VARARGS, "Takes any arguments, returns None."},
    {"allocate_int", allocate_int, METH_NOARGS, "Returns a new int."},
    {"allocate_tuple", allocate_tuple, METH_NOARGS, "Returns a new tuple."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject Foo_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bench_ext.Foo",
    .tp_basicsize = sizeof(FooObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The cpyext benchmarks' Foo.",
    .tp_methods = Foo_methods,
    .tp_as_sequence = &Foo_as_sequence,
    .tp_new = PyType_GenericNew,
};

/* ----- the module ------------------------------------------------------------------- */

static PyMethodDef bench_methods[] = {
    TYPED_SIG(inc, inc, METH_O, "inc(i): i + 1 (long -> long)."),
    TYPED_SIG(obj, obj, METH_FASTCALL, "obj(o, i): i + 1, ignoring o."),
    TYPED_SIG(id, id, METH_O, "id(o): o (cannot raise)."),
    TYPED_SIG(id_exc, id_exc, METH_O, "id_exc(o): o (declared as able to raise)."),
    TYPED_SIG(fadd, fadd_wrapper, METH_FASTCALL, "fadd(x, y): x + y (double, double -> double)."),
    {"noargs", noargs, METH_NOARGS, "Takes nothing, returns None."},
    {"onearg", onearg, METH_O, "Takes one argument, returns None."},
    {"varargs", varargs, METH_VARARGS, "Takes any arguments, returns None."},
    {"allocate_int", allocate_int, METH_NOARGS, "Returns a new int."},
    {"allocate_tuple", allocate_tuple, METH_NOARGS, "Returns a new tuple."},
    {"fast_fadd", (PyCFunction)(void (*)(void))fast_fadd, METH_FASTCALL, "x + y of two floats (untyped)."},
    {"fast_mixed", (PyCFunction)(void (*)(void))fast_mixed, METH_FASTCALL, "fast_mixed(o, i): i + 1 (untyped)."},
    {"kwargs", (PyCFunction)(void (*)(void))kwargs, METH_VARARGS | METH_KEYWORDS, "kwargs(a, b=1): a + b."},
    {"buflen", buflen, METH_O, "The length of a bytes-like object (buffer protocol)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef bench_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "bench_ext",
    .m_doc = "Benchmark functions for typed methods and cpyext shapes.",
    .m_size = -1,
    .m_methods = bench_methods,
};

PyMODINIT_FUNC PyInit_bench_ext(void) {
    if (PyType_Ready(&Foo_Type) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&bench_module);
    if (m == NULL) {
        return NULL;
    }
    Py_INCREF(&Foo_Type);
    if (PyModule_AddObject(m, "Foo", (PyObject *)&Foo_Type) < 0) {
        Py_DECREF(&Foo_Type);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
