/*
 * fastmath: typed wrappers over libm, plus two integer functions.
 *
 * double: sqrt, sin, cos, exp, log, hypot, fma
 * long:   gcd, popcount
 *
 * Domain and range errors raise ValueError("math domain error") and
 * OverflowError("math range error") like Python's math module, so those
 * functions are declared MAY_RAISE; the others cannot raise.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <limits.h>
#include "typed_methods.h"

static double domain_error(void) {
    PyErr_SetString(PyExc_ValueError, "math domain error");
    return -1.0;
}

static double range_error(void) {
    PyErr_SetString(PyExc_OverflowError, "math range error");
    return -1.0;
}

static double sqrt_impl(double x) {
    if (x < 0.0) {
        return domain_error();
    }
    return sqrt(x);
}

static double sin_impl(double x) {
    if (isinf(x)) {
        return domain_error();
    }
    return sin(x);
}

static double cos_impl(double x) {
    if (isinf(x)) {
        return domain_error();
    }
    return cos(x);
}

static double exp_impl(double x) {
    double r = exp(x);
    if (isinf(r) && isfinite(x)) {
        return range_error();
    }
    return r;
}

static double log_impl(double x) {
    if (x <= 0.0 || isnan(x)) {
        if (isnan(x)) {
            return x;
        }
        return domain_error();
    }
    return log(x);
}

static double hypot_impl(double x, double y) { return hypot(x, y); }

static double fma_impl(double x, double y, double z) { return fma(x, y, z); }

static long gcd_impl(long a, long b) {
    unsigned long x = a < 0 ? 0UL - (unsigned long)a : (unsigned long)a;
    unsigned long y = b < 0 ? 0UL - (unsigned long)b : (unsigned long)b;
    while (y != 0) {
        unsigned long t = x % y;
        x = y;
        y = t;
    }
    if (x > (unsigned long)LONG_MAX) {
        PyErr_SetString(PyExc_OverflowError, "gcd result does not fit in a C long");
        return -1;
    }
    return (long)x;
}

static long popcount_impl(long x) {
    unsigned long u = x < 0 ? 0UL - (unsigned long)x : (unsigned long)x;
    return (long)__builtin_popcountl(u);
}

/* ----- the generic wrappers (used by CPython, and by Typhon when an
 * argument does not fit the declared types) ----------------------------- */

#define UNARY_DOUBLE(name)                                                  \
    static PyObject *name##_wrapper(PyObject *module, PyObject *arg) {      \
        double x = PyFloat_AsDouble(arg);                                   \
        if (x == -1.0 && PyErr_Occurred()) {                                \
            return NULL;                                                    \
        }                                                                   \
        double r = name##_impl(x);                                          \
        if (r == -1.0 && PyErr_Occurred()) {                                \
            return NULL;                                                    \
        }                                                                   \
        return PyFloat_FromDouble(r);                                       \
    }

UNARY_DOUBLE(sqrt)
UNARY_DOUBLE(sin)
UNARY_DOUBLE(cos)
UNARY_DOUBLE(exp)
UNARY_DOUBLE(log)

static int doubles(const char *name, PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want,
                   double *out) {
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "%s() takes exactly %zd arguments (%zd given)", name, want,
                     nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < want; i++) {
        out[i] = PyFloat_AsDouble(args[i]);
        if (out[i] == -1.0 && PyErr_Occurred()) {
            return -1;
        }
    }
    return 0;
}

static PyObject *hypot_wrapper(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    double v[2];
    if (doubles("hypot", args, nargs, 2, v) < 0) {
        return NULL;
    }
    return PyFloat_FromDouble(hypot_impl(v[0], v[1]));
}

static PyObject *fma_wrapper(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    double v[3];
    if (doubles("fma", args, nargs, 3, v) < 0) {
        return NULL;
    }
    return PyFloat_FromDouble(fma_impl(v[0], v[1], v[2]));
}

static PyObject *gcd_wrapper(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "gcd() takes exactly 2 arguments (%zd given)", nargs);
        return NULL;
    }
    long a = PyLong_AsLong(args[0]);
    if (a == -1 && PyErr_Occurred()) {
        return NULL;
    }
    long b = PyLong_AsLong(args[1]);
    if (b == -1 && PyErr_Occurred()) {
        return NULL;
    }
    long r = gcd_impl(a, b);
    if (r == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLong(r);
}

static PyObject *popcount_wrapper(PyObject *module, PyObject *arg) {
    long x = PyLong_AsLong(arg);
    if (x == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLong(popcount_impl(x));
}

SIG(sqrt, LIST(T_C_DOUBLE), MAY_RAISE(T_C_DOUBLE))
SIG(sin, LIST(T_C_DOUBLE), MAY_RAISE(T_C_DOUBLE))
SIG(cos, LIST(T_C_DOUBLE), MAY_RAISE(T_C_DOUBLE))
SIG(exp, LIST(T_C_DOUBLE), MAY_RAISE(T_C_DOUBLE))
SIG(log, LIST(T_C_DOUBLE), MAY_RAISE(T_C_DOUBLE))
SIG(hypot, LIST(T_C_DOUBLE, T_C_DOUBLE), T_C_DOUBLE)
SIG(fma, LIST(T_C_DOUBLE, T_C_DOUBLE, T_C_DOUBLE), T_C_DOUBLE)
SIG(gcd, LIST(T_C_LONG, T_C_LONG), MAY_RAISE(T_C_LONG))
SIG(popcount, LIST(T_C_LONG), T_C_LONG)

static PyMethodDef fastmath_methods[] = {
    TYPED_SIG(sqrt, sqrt_wrapper, METH_O, "Square root."),
    TYPED_SIG(sin, sin_wrapper, METH_O, "Sine."),
    TYPED_SIG(cos, cos_wrapper, METH_O, "Cosine."),
    TYPED_SIG(exp, exp_wrapper, METH_O, "e to the x."),
    TYPED_SIG(log, log_wrapper, METH_O, "Natural logarithm."),
    TYPED_SIG(hypot, hypot_wrapper, METH_FASTCALL, "Euclidean distance."),
    TYPED_SIG(fma, fma_wrapper, METH_FASTCALL, "x * y + z, rounded once."),
    TYPED_SIG(gcd, gcd_wrapper, METH_FASTCALL, "Greatest common divisor."),
    TYPED_SIG(popcount, popcount_wrapper, METH_O, "Number of one bits of |x|."),
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fastmath_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "fastmath",
    .m_doc = "Typed math functions.",
    .m_size = -1,
    .m_methods = fastmath_methods,
};

PyMODINIT_FUNC PyInit_fastmath(void) { return PyModule_Create(&fastmath_module); }
