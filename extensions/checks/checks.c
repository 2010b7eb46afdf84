/*
 * checks: C functions for the error, calling-convention, argument-parsing
 * and typed-method tests. Every function behaves the same on CPython and
 * on Typhon; the tests compare the two.
 *
 * - Exceptions: raise_value_error, raise_custom (checks.CheckError),
 *   raise_format, call_back (Python exceptions passing through C).
 * - Misbehaviour: null_without_error (NULL, no exception),
 *   result_with_error (a result and an exception), leak_ref and
 *   borrowed_return (reference-count misuse that sys.getrefcount shows).
 * - Strings: strlen_typed, count_char (T_C_STR), upper_ascii, join_bytes.
 * - Typed metadata covering every type code and up to 8 arguments:
 *   add, divide, scale, is_positive, check_range, log_call, calls,
 *   same_object, type_name, first_byte, describe, sum8, flag_value;
 *   halve (long -> long that may raise, or warn, and returns -1 as a
 *   plain result for -2).
 * - Calling conventions: kwargs (VARARGS|KEYWORDS), fast_kw
 *   (FASTCALL|KEYWORDS), parse (PyArg_ParseTuple formats), build
 *   (Py_BuildValue), build_case (its format shapes and errors), refcount,
 *   args_of (METH_VARARGS, keeps its tuple).
 * - A tour of the API: tour_lists, tour_dicts, tour_strings, tour_errors,
 *   tour_numbers, tour_objects call most functions of the table, errors and
 *   ownership edge cases included (stolen references on failure, borrowed
 *   results), and return what they got, so that valgrind (scripts/memcheck)
 *   sees them all.
 * - A type, Pair, with tp_new/tp_init, members, a get-set, repr, str,
 *   richcompare, hash, nb_add, mp_length, mp_subscript, iteration, and
 *   methods (check() raises on a negative a); Python classes derive from
 *   it (probe, pair_a, c_add, generic_attr look at their instances from
 *   C), not from PairIterator (no Py_TPFLAGS_BASETYPE). Tag, another base
 *   type, has a layout no class can combine with Pair's.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <string.h>
#include "structmember.h"
#include "typed_methods.h"

static PyObject *CheckError;

/* ----- exceptions ------------------------------------------------------------ */

static PyObject *raise_value_error(PyObject *m, PyObject *msg) {
    const char *s = PyUnicode_AsUTF8(msg);
    if (s == NULL) {
        return NULL;
    }
    PyErr_SetString(PyExc_ValueError, s);
    return NULL;
}

static PyObject *raise_custom(PyObject *m, PyObject *msg) {
    PyErr_SetObject(CheckError, msg);
    return NULL;
}

static PyObject *raise_format(PyObject *m, PyObject *const *args, Py_ssize_t n) {
    if (n != 2) {
        PyErr_SetString(PyExc_TypeError, "raise_format() takes 2 arguments");
        return NULL;
    }
    long v = PyLong_AsLong(args[0]);
    if (v == -1 && PyErr_Occurred()) {
        return NULL;
    }
    PyErr_Format(PyExc_TypeError, "bad value %ld for %R (%s)", v, args[1],
                 Py_TYPE(args[1])->tp_name);
    return NULL;
}

static PyObject *call_back(PyObject *m, PyObject *const *args, Py_ssize_t n) {
    if (n < 1) {
        PyErr_SetString(PyExc_TypeError, "call_back() needs a callable");
        return NULL;
    }
    PyObject *t = PyTuple_New(n - 1);
    if (t == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 1; i < n; i++) {
        Py_INCREF(args[i]);
        PyTuple_SetItem(t, i - 1, args[i]);
    }
    PyObject *r = PyObject_Call(args[0], t, NULL);
    Py_DECREF(t);
    return r;
}

/* ----- misbehaviour ------------------------------------------------------------- */

static PyObject *null_without_error(PyObject *m, PyObject *unused) { return NULL; }

static PyObject *result_with_error(PyObject *m, PyObject *unused) {
    PyErr_SetString(PyExc_RuntimeError, "set but not reported");
    Py_RETURN_NONE;
}

/* A new tuple returned with an exception set: CPython's SystemError, as
 * for `result_with_error`, with a result that is an object. */
static PyObject *tuple_with_error(PyObject *m, PyObject *unused) {
    PyErr_SetString(PyExc_RuntimeError, "set with a tuple");
    return Py_BuildValue("(ii)", 1, 2);
}

/* Its argument, a new reference: a result of whatever kind is given. */
static PyObject *same(PyObject *m, PyObject *o) { return Py_NewRef(o); }

/* Takes a reference it never gives back: the object's count grows by one. */
static PyObject *leak_ref(PyObject *m, PyObject *o) {
    Py_INCREF(o);
    Py_RETURN_NONE;
}

/* Returns a borrowed reference as if it were new: the caller's decref
 * takes one reference too many. */
static PyObject *borrowed_return(PyObject *m, PyObject *o) { return o; }

static PyObject *refcount(PyObject *m, PyObject *o) { return PyLong_FromSsize_t(Py_REFCNT(o)); }

/* Returns its argument tuple itself: the caller keeps a reference to it. */
static PyObject *args_of(PyObject *m, PyObject *args) {
    Py_INCREF(args);
    return args;
}

/* ----- strings ---------------------------------------------------------------------- */

static long strlen_typed_impl(const char *s) { return (long)strlen(s); }

static PyObject *strlen_typed(PyObject *m, PyObject *arg) {
    const char *s;
    PyObject *t = PyTuple_Pack(1, arg);
    if (t == NULL) {
        return NULL;
    }
    int ok = PyArg_ParseTuple(t, "s:strlen_typed", &s);
    Py_DECREF(t);
    if (!ok) {
        return NULL;
    }
    return PyLong_FromLong(strlen_typed_impl(s));
}

static long count_char_impl(const char *s, const char *c) {
    long n = 0;
    for (; *s; s++) {
        if (*s == c[0]) {
            n++;
        }
    }
    return n;
}

static PyObject *count_char(PyObject *m, PyObject *args) {
    const char *s, *c;
    if (!PyArg_ParseTuple(args, "ss:count_char", &s, &c)) {
        return NULL;
    }
    return PyLong_FromLong(count_char_impl(s, c));
}

static PyObject *upper_ascii(PyObject *m, PyObject *args) {
    const char *s;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "s#:upper_ascii", &s, &n)) {
        return NULL;
    }
    char *buf = PyMem_Malloc(n + 1);
    if (buf == NULL) {
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        buf[i] = (s[i] >= 'a' && s[i] <= 'z') ? (char)(s[i] - 32) : s[i];
    }
    PyObject *r = PyUnicode_FromStringAndSize(buf, n);
    PyMem_Free(buf);
    return r;
}

static PyObject *join_bytes(PyObject *m, PyObject *args) {
    const char *a, *b;
    Py_ssize_t na, nb;
    if (!PyArg_ParseTuple(args, "y#y#:join_bytes", &a, &na, &b, &nb)) {
        return NULL;
    }
    PyObject *r = PyBytes_FromStringAndSize(NULL, na + nb);
    if (r == NULL) {
        return NULL;
    }
    char *dst = PyBytes_AsString(r);
    memcpy(dst, a, na);
    memcpy(dst + na, b, nb);
    return r;
}

/* ----- typed functions ---------------------------------------------------------------- */

static long add_impl(long a, long b) {
    long r;
    if (__builtin_add_overflow(a, b, &r)) {
        PyErr_SetString(PyExc_OverflowError, "add() result does not fit in a C long");
        return -1;
    }
    return r;
}

static long divide_impl(long a, long b) {
    if (b == 0) {
        PyErr_SetString(PyExc_ZeroDivisionError, "integer division or modulo by zero");
        return -1;
    }
    if (a == LONG_MIN && b == -1) {
        PyErr_SetString(PyExc_OverflowError, "divide() result does not fit in a C long");
        return -1;
    }
    long q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) {
        q -= 1; /* floor, like Python's // */
    }
    return q;
}

static double scale_impl(long n, double f) { return (double)n * f; }

static int is_positive_impl(double x) { return x > 0.0; }

static void check_range_impl(long x) {
    if (x < 0 || x > 100) {
        PyErr_Format(PyExc_ValueError, "%ld is not in 0..100", x);
    }
}

static long halve_impl(long x) {
    if (x == 1000 && PyErr_WarnEx(PyExc_RuntimeWarning, "halve(1000) looks suspicious", 1) < 0) {
        return -1;
    }
    if (x % 2 != 0) {
        PyErr_Format(PyExc_ValueError, "%ld is odd", x);
        return -1;
    }
    return x / 2;
}

static long n_calls = 0;

static void log_call_impl(long x) { n_calls += x; }

static int same_object_impl(PyObject *a, PyObject *b) { return a == b; }

static PyObject *type_name_impl(PyObject *o) { return PyUnicode_FromString(Py_TYPE(o)->tp_name); }

static long first_byte_impl(const char *s) { return (unsigned char)s[0]; }

static PyObject *describe_impl(long n, double x, PyObject *o, const char *s, int flag) {
    return PyUnicode_FromFormat("n=%ld x=%d/1000 o=%R s=%s flag=%d", n, (int)(x * 1000), o, s,
                                flag);
}

static long sum8_impl(long a, long b, long c, long d, long e, long f, long g, long h) {
    return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h;
}

static long flag_value_impl(int flag) { return flag ? 10 : 20; }

/* Generic wrappers: what CPython calls, and Typhon when arguments do not
 * fit. They must match the _impl functions exactly. */

static int longs(PyObject *const *args, Py_ssize_t n, Py_ssize_t want, const char *name,
                 long *out) {
    if (n != want) {
        PyErr_Format(PyExc_TypeError, "%s() takes exactly %zd arguments (%zd given)", name, want, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < want; i++) {
        out[i] = PyLong_AsLong(args[i]);
        if (out[i] == -1 && PyErr_Occurred()) {
            return -1;
        }
    }
    return 0;
}

static PyObject *add(PyObject *m, PyObject *const *args, Py_ssize_t n) {
    long v[2];
    if (longs(args, n, 2, "add", v) < 0) {
        return NULL;
    }
    long r = add_impl(v[0], v[1]);
    if (r == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLong(r);
}

static PyObject *divide(PyObject *m, PyObject *const *args, Py_ssize_t n) {
    long v[2];
    if (longs(args, n, 2, "divide", v) < 0) {
        return NULL;
    }
    long r = divide_impl(v[0], v[1]);
    if (r == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLong(r);
}

static PyObject *scale(PyObject *m, PyObject *args) {
    long a;
    double f;
    if (!PyArg_ParseTuple(args, "ld:scale", &a, &f)) {
        return NULL;
    }
    return PyFloat_FromDouble(scale_impl(a, f));
}

static PyObject *is_positive(PyObject *m, PyObject *arg) {
    double x = PyFloat_AsDouble(arg);
    if (x == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    return PyBool_FromLong(is_positive_impl(x));
}

static PyObject *halve(PyObject *m, PyObject *arg) {
    long x = PyLong_AsLong(arg);
    if (x == -1 && PyErr_Occurred()) {
        return NULL;
    }
    long r = halve_impl(x);
    if (r == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLong(r);
}

static PyObject *check_range(PyObject *m, PyObject *arg) {
    long x = PyLong_AsLong(arg);
    if (x == -1 && PyErr_Occurred()) {
        return NULL;
    }
    check_range_impl(x);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *log_call(PyObject *m, PyObject *arg) {
    long x = PyLong_AsLong(arg);
    if (x == -1 && PyErr_Occurred()) {
        return NULL;
    }
    log_call_impl(x);
    Py_RETURN_NONE;
}

static PyObject *calls(PyObject *m, PyObject *unused) { return PyLong_FromLong(n_calls); }

static PyObject *same_object(PyObject *m, PyObject *const *args, Py_ssize_t n) {
    if (n != 2) {
        PyErr_SetString(PyExc_TypeError, "same_object() takes exactly 2 arguments");
        return NULL;
    }
    return PyBool_FromLong(same_object_impl(args[0], args[1]));
}

static PyObject *type_name(PyObject *m, PyObject *o) { return type_name_impl(o); }

static PyObject *first_byte(PyObject *m, PyObject *args) {
    const char *s;
    if (!PyArg_ParseTuple(args, "s:first_byte", &s)) {
        return NULL;
    }
    return PyLong_FromLong(first_byte_impl(s));
}

static PyObject *describe(PyObject *m, PyObject *args) {
    long n;
    double x;
    PyObject *o;
    const char *s;
    int flag;
    if (!PyArg_ParseTuple(args, "ldOsp:describe", &n, &x, &o, &s, &flag)) {
        return NULL;
    }
    return describe_impl(n, x, o, s, flag);
}

static PyObject *sum8(PyObject *m, PyObject *const *args, Py_ssize_t n) {
    long v[8];
    if (longs(args, n, 8, "sum8", v) < 0) {
        return NULL;
    }
    return PyLong_FromLong(sum8_impl(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]));
}

static PyObject *flag_value(PyObject *m, PyObject *arg) {
    int flag = PyObject_IsTrue(arg);
    if (flag < 0) {
        return NULL;
    }
    return PyLong_FromLong(flag_value_impl(flag));
}

SIG(strlen_typed, LIST(T_C_STR), T_C_LONG)
SIG(count_char, LIST(T_C_STR, T_C_STR), T_C_LONG)
SIG(add, LIST(T_C_LONG, T_C_LONG), MAY_RAISE(T_C_LONG))
SIG(divide, LIST(T_C_LONG, T_C_LONG), MAY_RAISE(T_C_LONG))
SIG(scale, LIST(T_C_LONG, T_C_DOUBLE), T_C_DOUBLE)
SIG(is_positive, LIST(T_C_DOUBLE), T_C_BOOL)
SIG(check_range, LIST(T_C_LONG), MAY_RAISE(T_C_VOID))
SIG(halve, LIST(T_C_LONG), MAY_RAISE(T_C_LONG))
SIG(log_call, LIST(T_C_LONG), T_C_VOID)
SIG(same_object, LIST(T_PY_OBJECT, T_PY_OBJECT), T_C_BOOL)
SIG(type_name, LIST(T_PY_OBJECT), MAY_RAISE(T_PY_OBJECT))
SIG(first_byte, LIST(T_C_STR), T_C_LONG)
SIG(describe, LIST(T_C_LONG, T_C_DOUBLE, T_PY_OBJECT, T_C_STR, T_C_BOOL), MAY_RAISE(T_PY_OBJECT))
SIG(sum8, LIST(T_C_LONG, T_C_LONG, T_C_LONG, T_C_LONG, T_C_LONG, T_C_LONG, T_C_LONG, T_C_LONG),
    T_C_LONG)
SIG(flag_value, LIST(T_C_BOOL), T_C_LONG)

/* ----- calling conventions and argument parsing ------------------------------------------- */

static PyObject *kwargs(PyObject *m, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"a", "b", "c", NULL};
    int a, b = 2;
    const char *c = "none";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "i|is:kwargs", kwlist, &a, &b, &c)) {
        return NULL;
    }
    return Py_BuildValue("(iis)", a, b, c);
}

/* Returns the keyword dict it was called with (a new reference), or None. */
static PyObject *keep_kw(PyObject *m, PyObject *args, PyObject *kw) {
    if (kw == NULL) {
        Py_RETURN_NONE;
    }
    Py_INCREF(kw);
    return kw;
}

static PyObject *fast_kw(PyObject *m, PyObject *const *args, Py_ssize_t n, PyObject *kwnames) {
    Py_ssize_t nkw = kwnames ? PyTuple_Size(kwnames) : 0;
    PyObject *pos = PyTuple_New(n);
    if (pos == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_INCREF(args[i]);
        PyTuple_SetItem(pos, i, args[i]);
    }
    PyObject *kw = PyDict_New();
    if (kw == NULL) {
        Py_DECREF(pos);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyDict_SetItem(kw, PyTuple_GetItem(kwnames, i), args[n + i]);
    }
    return Py_BuildValue("(NN)", pos, kw);
}

static PyObject *parse(PyObject *m, PyObject *args) {
    int i;
    long l;
    Py_ssize_t n, slen, ylen;
    double d;
    const char *s, *s2, *y;
    PyObject *o, *lst;
    int p = 0;
    long opt = -1;
    if (!PyArg_ParseTuple(args, "ilnds#sy#OO!p|l:parse", &i, &l, &n, &d, &s, &slen, &s2, &y, &ylen,
                          &o, &PyList_Type, &lst, &p, &opt)) {
        return NULL;
    }
    return Py_BuildValue("(ilnds#sy#OOil)", i, l, n, d, s, slen, s2, y, ylen, o, lst, p, opt);
}

static PyObject *build(PyObject *m, PyObject *unused) {
    return Py_BuildValue("(i,l,n,d,s,s#,z,y#,O,N,[i,i],{s:i},(),b)", 1, 2L, (Py_ssize_t)3, 1.5,
                         "s", "ab", (Py_ssize_t)1, NULL, "yy", (Py_ssize_t)2, Py_None,
                         PyLong_FromLong(7), 8, 9, "k", 10, 11);
}

/* An 'O&' converter that fails. */
static PyObject *failing_converter(void *unused) {
    PyErr_SetString(PyExc_ValueError, "converter failed");
    return NULL;
}

/* Py_BuildValue case `k`: the shapes of format (no unit, one, several,
 * nested, more items than are gathered before the container is made) and
 * its errors. */
static PyObject *build_case(PyObject *m, PyObject *arg) {
    long k = PyLong_AsLong(arg);
    if (k == -1 && PyErr_Occurred()) {
        return NULL;
    }
    switch (k) {
    case 0:
        return Py_BuildValue("");
    case 1:
        return Py_BuildValue(" i ", 7);
    case 2:
        return Py_BuildValue("i,i", 1, 2);
    case 3:
        return Py_BuildValue("(i)", 1);
    case 4:
        return Py_BuildValue("[i, (i, i), [], ()]", 1, 2, 3);
    case 5:
        return Py_BuildValue("(iiiiiiiiiii)", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
    case 6:
        return Py_BuildValue("[iiiiiiii(i)]", 1, 2, 3, 4, 5, 6, 7, 8, 9);
    case 7:
        return Py_BuildValue("i)", 7);
    case 8:
        return Py_BuildValue("(ii", 1, 2);
    case 9:
        return Py_BuildValue("(i])", 1);
    case 10:
        return Py_BuildValue("ii)", 1, 2);
    case 11:
        return Py_BuildValue("(i?i)", 1, 2);
    case 12:
        return Py_BuildValue("(iOi)", 1, (PyObject *)NULL, 2);
    case 13: {
        /* A failed value: the reference passed with 'N' after it is still
         * taken (and released). */
        PyObject *o = PyList_New(0);
        if (o == NULL) {
            return NULL;
        }
        Py_INCREF(o);
        PyObject *r = Py_BuildValue("(iO&N)", 1, failing_converter, (void *)NULL, o);
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        Py_ssize_t count = Py_REFCNT(o);
        Py_DECREF(o);
        PyObject *out = Py_BuildValue("(OOn)", r == NULL ? Py_True : Py_False,
                                      type != NULL ? type : Py_None, count);
        Py_XDECREF(r);
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(tb);
        return out;
    }
    case 14:
        /* Every number unit at its edges, in a tuple and in a list (Typhon
         * gathers these unboxed; the unsigned 64-bit ones as objects). */
        return Py_BuildValue("((bBhHiIlkLKnfd)[bBhHiIlkLKnfd])", (char)-128, (unsigned char)255,
                             (short)-32768, (unsigned short)65535, INT_MIN, UINT_MAX, LONG_MIN,
                             ULONG_MAX, LLONG_MAX, ULLONG_MAX, (Py_ssize_t)-5, 1.5f, -0.0,
                             (char)127, (unsigned char)0, (short)32767, (unsigned short)0,
                             INT_MAX, 0u, LONG_MAX, 0ul, LLONG_MIN, 0ull, (Py_ssize_t)5, -2.25f,
                             1e300);
    case 15:
        /* More items than are gathered, numbers and objects mixed: the
         * gathered numbers are boxed when the container is made the long
         * way. */
        return Py_BuildValue("(dsidsidsidsi)", 0.5, "a", 1, 1.5, "b", 2, 2.5, "c", 3, 3.5, "d",
                             4);
    default:
        PyErr_SetString(PyExc_IndexError, "no such case");
        return NULL;
    }
}

/* ----- the Pair type ---------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    long a;
    PyObject *b;
} PairObject;

static PyTypeObject Pair_Type;
static PyTypeObject PairIter_Type;

static int Pair_init(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"a", "b", NULL};
    PairObject *p = (PairObject *)self;
    long a;
    PyObject *b = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "l|O:Pair", kwlist, &a, &b)) {
        return -1;
    }
    p->a = a;
    Py_INCREF(b);
    Py_XSETREF(p->b, b);
    return 0;
}

static void Pair_dealloc(PyObject *self) {
    Py_XDECREF(((PairObject *)self)->b);
    Py_TYPE(self)->tp_free(self);
}

static PyObject *Pair_repr(PyObject *self) {
    PairObject *p = (PairObject *)self;
    return PyUnicode_FromFormat("Pair(%ld, %R)", p->a, p->b ? p->b : Py_None);
}

static PyObject *Pair_str(PyObject *self) {
    PairObject *p = (PairObject *)self;
    return PyUnicode_FromFormat("<%ld|%S>", p->a, p->b ? p->b : Py_None);
}

static PyObject *Pair_richcompare(PyObject *x, PyObject *y, int op) {
    if (!PyObject_TypeCheck(y, &Pair_Type) || !PyObject_TypeCheck(x, &Pair_Type)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    long a = ((PairObject *)x)->a, b = ((PairObject *)y)->a;
    Py_RETURN_RICHCOMPARE(a, b, op);
}

static Py_hash_t Pair_hash(PyObject *self) {
    long a = ((PairObject *)self)->a;
    return a == -1 ? -2 : a;
}

static PyObject *Pair_add(PyObject *x, PyObject *y) {
    if (!PyObject_TypeCheck(x, &Pair_Type) || !PyObject_TypeCheck(y, &Pair_Type)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    return PyObject_CallFunction((PyObject *)&Pair_Type, "lO", ((PairObject *)x)->a + ((PairObject *)y)->a,
                                 ((PairObject *)x)->b);
}

/* A pair whose `a` is negative has no length: len() raises, to test an
 * error from a length slot. */
static Py_ssize_t Pair_length(PyObject *self) {
    if (((PairObject *)self)->a < 0) {
        PyErr_SetString(PyExc_ValueError, "a negative pair has no length");
        return -1;
    }
    return 2;
}

static PyObject *Pair_subscript(PyObject *self, PyObject *key) {
    PairObject *p = (PairObject *)self;
    long i = PyLong_AsLong(key);
    if (i == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (i == 0 || i == -2) {
        return PyLong_FromLong(p->a);
    }
    if (i == 1 || i == -1) {
        Py_INCREF(p->b);
        return p->b;
    }
    PyErr_SetString(PyExc_IndexError, "Pair index out of range");
    return NULL;
}

static PyObject *Pair_get_total(PyObject *self, void *closure) {
    PairObject *p = (PairObject *)self;
    if (!PyLong_Check(p->b)) {
        PyErr_SetString(PyExc_TypeError, "total needs an int b");
        return NULL;
    }
    long b = PyLong_AsLong(p->b);
    if (b == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLong(p->a + b);
}

static int Pair_set_total(PyObject *self, PyObject *value, void *closure) {
    if (value == NULL) {
        PyErr_SetString(PyExc_AttributeError, "cannot delete total");
        return -1;
    }
    long t = PyLong_AsLong(value);
    if (t == -1 && PyErr_Occurred()) {
        return -1;
    }
    PairObject *p = (PairObject *)self;
    PyObject *b = PyLong_FromLong(t - p->a);
    if (b == NULL) {
        return -1;
    }
    Py_XSETREF(p->b, b);
    return 0;
}

typedef struct {
    PyObject_HEAD
    PyObject *pair;
    int index;
} PairIterObject;

static PyObject *Pair_iter(PyObject *self) {
    PairIterObject *it = PyObject_New(PairIterObject, &PairIter_Type);
    if (it == NULL) {
        return NULL;
    }
    Py_INCREF(self);
    it->pair = self;
    it->index = 0;
    return (PyObject *)it;
}

static PyObject *PairIter_next(PyObject *self) {
    PairIterObject *it = (PairIterObject *)self;
    if (it->index >= 2) {
        return NULL;
    }
    PyObject *key = PyLong_FromLong(it->index++);
    PyObject *r = Pair_subscript(it->pair, key);
    Py_DECREF(key);
    return r;
}

static void PairIter_dealloc(PyObject *self) {
    Py_DECREF(((PairIterObject *)self)->pair);
    PyObject_Del(self);
}

static PyObject *Pair_swap(PyObject *self, PyObject *unused) {
    PairObject *p = (PairObject *)self;
    return Py_BuildValue("(Ol)", p->b, p->a);
}

/* a, or ValueError when a is negative: a method with no arguments that
 * can fail. */
static PyObject *Pair_check(PyObject *self, PyObject *unused) {
    PairObject *p = (PairObject *)self;
    if (p->a < 0) {
        PyErr_Format(PyExc_ValueError, "negative a: %ld", p->a);
        return NULL;
    }
    return PyLong_FromLong(p->a);
}

static PyObject *Pair_scaled(PyObject *self, PyObject *arg) {
    long k = PyLong_AsLong(arg);
    if (k == -1 && PyErr_Occurred()) {
        return NULL;
    }
    PairObject *p = (PairObject *)self;
    return PyObject_CallFunction((PyObject *)Py_TYPE(self), "lO", p->a * k, p->b);
}

static PyNumberMethods Pair_as_number = {.nb_add = Pair_add};
static PyMappingMethods Pair_as_mapping = {.mp_length = Pair_length, .mp_subscript = Pair_subscript};

static PyMemberDef Pair_members[] = {
    {"a", T_LONG, offsetof(PairObject, a), 0, "the first item"},
    {"b", T_OBJECT, offsetof(PairObject, b), READONLY, "the second item"},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef Pair_getset[] = {
    {"total", Pair_get_total, Pair_set_total, "a + b", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Pair_methods[] = {
    {"swap", Pair_swap, METH_NOARGS, "(b, a)"},
    {"check", Pair_check, METH_NOARGS, "a, or ValueError if it is negative"},
    {"scaled", Pair_scaled, METH_O, "a Pair with a multiplied by k"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject Pair_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "checks.Pair",
    .tp_basicsize = sizeof(PairObject),
    .tp_dealloc = Pair_dealloc,
    .tp_repr = Pair_repr,
    .tp_str = Pair_str,
    .tp_as_number = &Pair_as_number,
    .tp_as_mapping = &Pair_as_mapping,
    .tp_hash = Pair_hash,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "A pair (a: int, b: object).",
    .tp_richcompare = Pair_richcompare,
    .tp_iter = Pair_iter,
    .tp_methods = Pair_methods,
    .tp_members = Pair_members,
    .tp_getset = Pair_getset,
    .tp_init = Pair_init,
    .tp_new = PyType_GenericNew,
};

static PyTypeObject PairIter_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "checks.PairIterator",
    .tp_basicsize = sizeof(PairIterObject),
    .tp_dealloc = PairIter_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_iternext = PairIter_next,
};

/* Tag: a second type Python classes may derive from (a one-field object
 * whose layout is not Pair's: a class cannot derive from both). */
typedef struct {
    PyObject_HEAD
    PyObject *name;
} TagObject;

static int Tag_init(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"name", NULL};
    PyObject *name;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "U:Tag", kwlist, &name)) {
        return -1;
    }
    Py_INCREF(name);
    Py_XSETREF(((TagObject *)self)->name, name);
    return 0;
}

static void Tag_dealloc(PyObject *self) {
    Py_XDECREF(((TagObject *)self)->name);
    Py_TYPE(self)->tp_free(self);
}

static PyObject *Tag_label(PyObject *self, PyObject *unused) {
    PyObject *name = ((TagObject *)self)->name;
    return PyUnicode_FromFormat("#%S", name ? name : Py_None);
}

static PyMemberDef Tag_members[] = {
    {"name", T_OBJECT, offsetof(TagObject, name), READONLY, "the tag's name"},
    {NULL, 0, 0, 0, NULL},
};

static PyMethodDef Tag_methods[] = {
    {"label", Tag_label, METH_NOARGS, "'#' + name"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject Tag_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "checks.Tag",
    .tp_basicsize = sizeof(TagObject),
    .tp_dealloc = Tag_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_methods = Tag_methods,
    .tp_members = Tag_members,
    .tp_init = Tag_init,
    .tp_new = PyType_GenericNew,
};

/* swap_methods(type, x, y): exchanges type.__dict__[x] and type.__dict__[y], done in C on the type's
   dict, as C code may, then announced with PyType_Modified so that cached lookups are dropped. */
static PyObject *swap_methods(PyObject *self, PyObject *args) {
    PyObject *type;
    const char *x, *y;
    if (!PyArg_ParseTuple(args, "O!ss:swap_methods", &PyType_Type, &type, &x, &y))
        return NULL;
    PyObject *dict = ((PyTypeObject *)type)->tp_dict;
    PyObject *mx = PyDict_GetItemString(dict, x);
    PyObject *my = PyDict_GetItemString(dict, y);
    if (mx == NULL || my == NULL) {
        PyErr_SetString(PyExc_KeyError, mx == NULL ? x : y);
        return NULL;
    }
    Py_INCREF(mx);
    Py_INCREF(my);
    int failed = PyDict_SetItemString(dict, x, my) < 0 || PyDict_SetItemString(dict, y, mx) < 0;
    Py_DECREF(mx);
    Py_DECREF(my);
    if (failed)
        return NULL;
    PyType_Modified((PyTypeObject *)type);
    Py_RETURN_NONE;
}

/* ----- a tour of the API (each function's ownership rules, for valgrind) --------------------------- */

/* Appends `v` (a new reference, or NULL with an exception set) to `out`:
 * NULL becomes the string "!" + the exception's type name, and the
 * exception is cleared. Returns -1 only when `out` cannot grow. */
static int put(PyObject *out, PyObject *v) {
    if (v == NULL) {
        PyObject *t, *e, *tb;
        PyErr_Fetch(&t, &e, &tb);
        v = PyUnicode_FromFormat("!%s", t ? ((PyTypeObject *)t)->tp_name : "no exception");
        Py_XDECREF(t);
        Py_XDECREF(e);
        Py_XDECREF(tb);
        if (v == NULL)
            return -1;
    }
    int r = PyList_Append(out, v);
    Py_DECREF(v);
    return r;
}

/* `put` for a C int result (-1 with an exception set is an error). */
static int put_int(PyObject *out, long r) {
    if (r == -1 && PyErr_Occurred())
        return put(out, NULL);
    return put(out, PyLong_FromLong(r));
}

/* ----- Python classes deriving from Pair ---------------------------------------------------------- */

/* probe(o): what C sees of `o` through the abstract API and its type
 * object: [repr, str, len, o[0], o == o, PyObject_TypeCheck(o, Pair),
 * tp_name, tp_base's tp_name, HEAPTYPE, BASETYPE, HAVE_GC]; a failing call
 * shows as "!ExceptionName". For instances of Python subclasses of Pair,
 * whose dunders must win over Pair's slots here too. */
static PyObject *probe(PyObject *self, PyObject *o) {
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    PyTypeObject *t = Py_TYPE(o);
    PyObject *zero = PyLong_FromLong(0);
    if (zero == NULL) {
        Py_DECREF(out);
        return NULL;
    }
    int failed = put(out, PyObject_Repr(o)) < 0 || put(out, PyObject_Str(o)) < 0 ||
                 put_int(out, (long)PyObject_Size(o)) < 0 || put(out, PyObject_GetItem(o, zero)) < 0 ||
                 put(out, PyObject_RichCompare(o, o, Py_EQ)) < 0 ||
                 put(out, PyBool_FromLong(PyObject_TypeCheck(o, &Pair_Type))) < 0 ||
                 put(out, PyUnicode_FromString(t->tp_name)) < 0 ||
                 put(out, PyUnicode_FromString(t->tp_base ? t->tp_base->tp_name : "-")) < 0 ||
                 put(out, PyBool_FromLong((t->tp_flags & Py_TPFLAGS_HEAPTYPE) != 0)) < 0 ||
                 put(out, PyBool_FromLong((t->tp_flags & Py_TPFLAGS_BASETYPE) != 0)) < 0 ||
                 put(out, PyBool_FromLong((t->tp_flags & Py_TPFLAGS_HAVE_GC) != 0)) < 0;
    Py_DECREF(zero);
    if (failed) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

/* pair_a(o): the C field `a` of a Pair (or of an instance of a subclass),
 * read from the struct; TypeError for anything else. */
static PyObject *pair_a(PyObject *self, PyObject *o) {
    if (!PyObject_TypeCheck(o, &Pair_Type)) {
        PyErr_Format(PyExc_TypeError, "expected a Pair, got %s", Py_TYPE(o)->tp_name);
        return NULL;
    }
    return PyLong_FromLong(((PairObject *)o)->a);
}

/* generic_attr(o, name[, value]): PyObject_GenericGetAttr, or with a
 * value PyObject_GenericSetAttr (returning None), as a C type's
 * tp_getattro/tp_setattro would call them. */
static PyObject *generic_attr(PyObject *self, PyObject *args) {
    PyObject *o, *name, *value = NULL;
    if (!PyArg_ParseTuple(args, "OU|O:generic_attr", &o, &name, &value))
        return NULL;
    if (value == NULL)
        return PyObject_GenericGetAttr(o, name);
    if (PyObject_GenericSetAttr(o, name, value) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* c_add(x, y): PyNumber_Add, as C code adds two objects. */
static PyObject *c_add(PyObject *self, PyObject *args) {
    PyObject *x, *y;
    if (!PyArg_ParseTuple(args, "OO:c_add", &x, &y))
        return NULL;
    return PyNumber_Add(x, y);
}

static PyObject *tour_lists(PyObject *m, PyObject *unused) {
    PyObject *out = PyList_New(0), *l = PyList_New(0);
    if (out == NULL || l == NULL)
        goto fail;
    for (long i = 0; i < 20; i++) {
        PyObject *v = PyLong_FromLong(i * 7 % 13 + 1000);
        if (v == NULL || PyList_Append(l, v) < 0)
            goto fail;
        Py_DECREF(v);
    }
    PyObject *s = PyUnicode_FromString("x");
    if (s == NULL)
        goto fail;
    PyList_Insert(l, 0, s);
    PyList_Insert(l, 1000, s);
    PyList_Insert(l, -1000, s);
    Py_DECREF(s);
    /* SetItem steals its item and drops the one it replaces, also on an
     * error (then the new item). */
    PyList_SetItem(l, 0, PyUnicode_FromString("replaced"));
    PyList_SetItem(l, 1, PyLong_FromLong(-5));
    put_int(out, PyList_SetItem(l, 1000, PyUnicode_FromString("out of range")));
    put(out, PyList_AsTuple(l));
    PyObject *t = PyList_AsTuple(l);
    if (t == NULL)
        goto fail;
    put(out, PyTuple_GetSlice(t, 2, 10));
    put(out, PyTuple_GetSlice(t, -5, 1000));
    put_int(out, PyTuple_Size(t));
    Py_DECREF(t);
    put_int(out, PyList_Reverse(l));
    put_int(out, PyList_Sort(l)); /* str and int: TypeError */
    PyList_SetItem(l, 0, PyLong_FromLong(3));
    PyList_SetItem(l, 22, PyLong_FromLong(4));
    put(out, PyObject_Repr(l));
    PyObject *item = PyList_GetItem(l, 100);
    put(out, item == NULL ? NULL : Py_NewRef(item));
    PyObject *key = PyLong_FromLong(3);
    PyObject *got = PyObject_GetItem(l, key);
    put_int(out, PyObject_SetItem(l, key, got));
    Py_XDECREF(got);
    put_int(out, PyObject_DelItem(l, key));
    Py_DECREF(key);
    put_int(out, PyList_Sort(l));
    PyObject *it = PyObject_GetIter(l), *x;
    long sum = 0;
    while (it != NULL && (x = PyIter_Next(it)) != NULL) {
        sum += PyLong_AsLong(x);
        Py_DECREF(x);
    }
    Py_XDECREF(it);
    put_int(out, sum);
    put_int(out, PyList_Size(l));
    put(out, l);
    return out;
fail:
    Py_XDECREF(out);
    Py_XDECREF(l);
    return NULL;
}

static PyObject *tour_dicts(PyObject *m, PyObject *arg) {
    PyObject *out = PyList_New(0), *d = PyDict_New();
    if (out == NULL || d == NULL)
        goto fail;
    for (long i = 0; i < 100; i++) {
        PyObject *k = PyUnicode_FromFormat("key%ld", i);
        PyObject *v = PyLong_FromLong(i * 1000000000L);
        if (k == NULL || v == NULL || PyDict_SetItem(d, k, v) < 0)
            goto fail;
        Py_DECREF(k);
        Py_DECREF(v);
    }
    PyDict_SetItemString(d, "arg", arg);
    PyObject *v = PyDict_GetItemString(d, "key5");
    put(out, Py_XNewRef(v));
    PyObject *k = PyUnicode_FromString("key7");
    put(out, Py_XNewRef(PyDict_GetItem(d, k)));
    put(out, Py_XNewRef(PyDict_GetItemWithError(d, k)));
    put_int(out, PyDict_Contains(d, k));
    put_int(out, PyDict_DelItem(d, k));
    put_int(out, PyDict_DelItem(d, k));
    put_int(out, PyDict_Contains(d, k));
    Py_DECREF(k);
    put_int(out, PyDict_DelItemString(d, "missing"));
    put_int(out, PyDict_DelItemString(d, "key8"));
    PyObject *unhashable = PyList_New(0);
    put_int(out, PyDict_GetItem(d, unhashable) == NULL && !PyErr_Occurred());
    put(out, PyDict_GetItemWithError(d, unhashable));
    put_int(out, PyDict_SetItem(d, unhashable, unhashable));
    put_int(out, PyDict_Contains(d, unhashable));
    Py_DECREF(unhashable);
    Py_ssize_t pos = 0, chars = 0;
    PyObject *dk, *dv;
    while (PyDict_Next(d, &pos, &dk, &dv))
        chars += PyUnicode_GetLength(dk);
    put_int(out, chars);
    put_int(out, PyDict_Size(d));
    PyObject *keys = PyDict_Keys(d), *vals = PyDict_Values(d), *items = PyDict_Items(d);
    put_int(out, PyList_Size(keys) + PyList_Size(vals) + PyList_Size(items));
    put(out, Py_XNewRef(PyList_GetItem(items, 90)));
    Py_XDECREF(keys);
    Py_XDECREF(vals);
    Py_XDECREF(items);
    PyObject *c = PyDict_Copy(d);
    PyDict_Clear(d);
    put_int(out, PyDict_Size(c));
    put_int(out, PyDict_Size(d));
    put(out, PyObject_GetItem(c, arg));
    PyObject *k9 = PyUnicode_FromString("key9");
    put(out, PyObject_GetItem(c, k9));
    Py_XDECREF(k9);
    Py_XDECREF(c);
    Py_DECREF(d);
    return out;
fail:
    Py_XDECREF(out);
    Py_XDECREF(d);
    return NULL;
}

static PyObject *tour_strings(PyObject *m, PyObject *arg) {
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    Py_ssize_t n = -1;
    const char *s = PyUnicode_AsUTF8AndSize(arg, &n);
    put_int(out, s == NULL ? -1 : (long)n);
    put_int(out, PyUnicode_GetLength(arg));
    PyObject *c = PyUnicode_Concat(arg, arg);
    put(out, c == NULL ? NULL : PyUnicode_Concat(c, arg));
    Py_XDECREF(c);
    put_int(out, PyUnicode_CompareWithASCIIString(arg, "abc"));
    PyObject *b = PyUnicode_AsUTF8String(arg);
    char *buf = NULL;
    Py_ssize_t blen = -1;
    if (b != NULL && PyBytes_AsStringAndSize(b, &buf, &blen) == 0)
        put(out, PyBytes_FromStringAndSize(buf, blen > 2 ? 2 : blen));
    put_int(out, b == NULL ? -1 : PyBytes_Size(b));
    Py_XDECREF(b);
    PyObject *b2 = PyBytes_FromString("bytes\xff");
    put_int(out, PyBytes_Size(b2));
    put(out, PyObject_Repr(b2));
    put_int(out, PyUnicode_AsUTF8AndSize(b2, &n) == NULL ? -1 : 0);
    put(out, Py_NewRef(b2));
    Py_XDECREF(b2);
    put(out, PyUnicode_DecodeUTF8("h\xc3\xa9llo", 6, "strict"));
    put(out, PyUnicode_DecodeUTF8("bad\xff", 4, "strict"));
    put(out, PyUnicode_FromStringAndSize("abc\xe2\x82", 5));
    put(out, PyUnicode_FromOrdinal(0x1F600));
    put(out, PyUnicode_FromOrdinal(0x110000));
    put(out, PyUnicode_InternFromString("interned"));
    put(out, PyObject_Str(arg));
    put(out, PyUnicode_FromFormat("%s|%d|%ld|%zd|%R|%S|%U|%c|%x|%.3s|%5d|%%", "str", -3, 123456789L,
                                  (Py_ssize_t)-7, arg, arg, arg, 'q', 255, "abcdef", 42));
    return out;
}

static PyObject *tour_errors(PyObject *m, PyObject *arg) {
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    PyObject *t, *v, *tb;
    PyErr_SetString(PyExc_KeyError, "k");
    PyErr_Fetch(&t, &v, &tb);
    PyErr_NormalizeException(&t, &v, &tb);
    put(out, PyObject_Repr(v));
    PyErr_Restore(t, v, tb);
    put_int(out, PyErr_ExceptionMatches(PyExc_LookupError));
    put_int(out, PyErr_GivenExceptionMatches(PyErr_Occurred(), PyExc_KeyError));
    PyErr_Clear();
    PyErr_SetNone(PyExc_ValueError);
    PyErr_Fetch(&t, &v, &tb);
    PyErr_NormalizeException(&t, &v, &tb);
    put(out, PyObject_Repr(v));
    Py_XDECREF(t);
    Py_XDECREF(v);
    Py_XDECREF(tb);
    PyErr_Fetch(&t, &v, &tb);
    put_int(out, t == NULL && v == NULL && tb == NULL);
    PyObject *e = PyErr_NewExceptionWithDoc("checks.TourError", "A doc.", PyExc_ValueError, NULL);
    if (e == NULL)
        return put(out, NULL) < 0 ? NULL : out;
    PyObject *e2 = PyErr_NewException("checks.TourError2", e, NULL);
    if (e2 != NULL) {
        PyErr_SetObject(e2, arg);
        PyErr_Fetch(&t, &v, &tb);
        PyErr_NormalizeException(&t, &v, &tb);
        put(out, PyObject_Repr(v));
        put_int(out, PyErr_GivenExceptionMatches(t, PyExc_ValueError));
        Py_XDECREF(t);
        Py_XDECREF(v);
        Py_XDECREF(tb);
        Py_DECREF(e2);
    } else {
        put(out, NULL);
    }
    Py_DECREF(e);
    PyErr_BadArgument();
    put(out, NULL);
    PyErr_Format(PyExc_TypeError, "%s %R", "formatted", arg);
    PyErr_Fetch(&t, &v, &tb);
    PyErr_NormalizeException(&t, &v, &tb);
    put(out, PyObject_Str(v));
    Py_XDECREF(t);
    Py_XDECREF(v);
    Py_XDECREF(tb);
    return out;
}

PyDoc_STRVAR(tour_classify_doc, "classify(x): 'nan', 'infinite' or 'finite', and x*2 computed with the GIL released");

/* Header macros real extensions use: docstrings, float classification,
   releasing the GIL around pure C work, and the GIL-state calls. */
static PyObject *tour_classify(PyObject *m, PyObject *arg) {
    double x = PyFloat_AsDouble(arg);
    if (x == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    double twice;
    Py_BEGIN_ALLOW_THREADS
    twice = x * 2.0;
    Py_END_ALLOW_THREADS
    PyGILState_STATE g = PyGILState_Ensure();
    const char *kind = Py_IS_NAN(x) ? "nan" : Py_IS_INFINITY(x) ? "infinite" : Py_IS_FINITE(x) ? "finite" : "?";
    PyObject *r = Py_BuildValue("(sd)", kind, twice);
    PyGILState_Release(g);
    return r;
}

static long tour_recurse(long n) {
    if (Py_EnterRecursiveCall(" in tour_recurse")) {
        return -1;
    }
    long r = n == 0 ? 0 : tour_recurse(n - 1);
    Py_LeaveRecursiveCall();
    return r < 0 ? r : r + 1;
}

/* PyLong_FromVoidPtr/AsVoidPtr, PyDict_SetDefault, Py_EnterRecursiveCall. */
static PyObject *tour_misc(PyObject *m, PyObject *arg) {
    long depth = PyLong_AsLong(arg);
    if (depth == -1 && PyErr_Occurred()) {
        return NULL;
    }
    int local = 0;
    PyObject *p = PyLong_FromVoidPtr(&local);
    if (p == NULL) {
        return NULL;
    }
    int same = PyLong_AsVoidPtr(p) == (void *)&local;
    Py_DECREF(p);
    PyObject *d = PyDict_New();
    PyObject *k = PyUnicode_FromString("k");
    PyObject *one = PyLong_FromLong(1);
    PyObject *two = PyLong_FromLong(2);
    PyObject *first = PyDict_SetDefault(d, k, one);
    PyObject *second = PyDict_SetDefault(d, k, two);
    PyObject *r = Py_BuildValue("(iOOO)", same, first, second, d);
    Py_DECREF(d);
    Py_DECREF(k);
    Py_DECREF(one);
    Py_DECREF(two);
    if (r == NULL) {
        return NULL;
    }
    long got = tour_recurse(depth);
    if (got < 0) {
        Py_DECREF(r);
        return NULL;
    }
    PyObject *out = Py_BuildValue("(Ol)", r, got);
    Py_DECREF(r);
    return out;
}

static PyObject *tour_numbers(PyObject *m, PyObject *unused) {
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    int overflow = 0;
    PyObject *big = PyLong_FromUnsignedLongLong(0xFFFFFFFFFFFFFFFFULL);
    PyObject *neg = PyLong_FromLong(-5);
    PyObject *seven = PyLong_FromSize_t(7);
    PyObject *d = PyLong_FromDouble(1e30);
    PyObject *lst = PyList_New(0);
    if (big == NULL || neg == NULL || seven == NULL || d == NULL || lst == NULL)
        return NULL;
    put_int(out, PyLong_AsLongAndOverflow(big, &overflow));
    put_int(out, overflow);
    put(out, PyLong_FromUnsignedLongLong(PyLong_AsUnsignedLongLong(big)));
    put_int(out, PyLong_AsSsize_t(big));
    put_int(out, (long)PyLong_AsLongLong(big));
    put_int(out, (long)PyLong_AsUnsignedLong(neg));
    put_int(out, (long)PyLong_AsSize_t(neg));
    put(out, PyFloat_FromDouble(PyLong_AsDouble(d)));
    put(out, PyLong_FromDouble(1e308 * 10));
    put(out, PyLong_FromLongLong(-9000000000000000000LL));
    put(out, PyLong_FromUnsignedLong(4000000000UL));
    PyObject *sum = PyNumber_Add(big, d);
    PyObject *diff = sum ? PyNumber_Subtract(sum, big) : NULL;
    PyObject *prod = diff ? PyNumber_Multiply(diff, neg) : NULL;
    put(out, prod ? PyNumber_TrueDivide(prod, neg) : NULL);
    put(out, prod ? PyNumber_FloorDivide(prod, neg) : NULL);
    PyObject *rem = prod ? PyNumber_Remainder(prod, seven) : NULL;
    PyObject *ng = rem ? PyNumber_Negative(rem) : NULL;
    PyObject *idx = ng ? PyNumber_Index(ng) : NULL;
    PyObject *fl = idx ? PyNumber_Float(idx) : NULL;
    put(out, fl ? PyNumber_Long(fl) : NULL);
    put(out, fl ? PyNumber_Index(fl) : NULL);
    PyObject *zero = PyLong_FromLong(0);
    put(out, zero ? PyNumber_TrueDivide(big, zero) : NULL);
    Py_XDECREF(zero);
    put(out, PyNumber_Add(lst, big));
    put(out, PyNumber_Long(lst));
    put_int(out, (long)PyObject_Hash(big));
    put_int(out, (long)PyObject_Hash(lst));
    put_int(out, PyObject_IsTrue(big));
    put_int(out, PyObject_Not(lst));
    put(out, PyObject_RichCompare(big, d, Py_LT));
    put_int(out, PyObject_RichCompareBool(big, big, Py_EQ));
    put(out, PyObject_RichCompare(big, lst, Py_LT));
    Py_XDECREF(sum);
    Py_XDECREF(diff);
    Py_XDECREF(prod);
    Py_XDECREF(rem);
    Py_XDECREF(ng);
    Py_XDECREF(idx);
    Py_XDECREF(fl);
    Py_DECREF(big);
    Py_DECREF(neg);
    Py_DECREF(seven);
    Py_DECREF(d);
    Py_DECREF(lst);
    return out;
}

static PyObject *tour_objects(PyObject *m, PyObject *arg) {
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    PyObject *sys = PyImport_ImportModule("sys");
    put_int(out, sys != NULL && PyObject_HasAttrString(sys, "argv"));
    put_int(out, sys != NULL && PyObject_HasAttrString(sys, "no_such_attribute"));
    Py_XDECREF(sys);
    put(out, PyImport_ImportModule("no_such_module_anywhere"));
    PyObject *name = PyUnicode_FromString("tour_attr");
    put_int(out, PyObject_SetAttr(m, name, arg));
    PyObject *back = PyObject_GetAttr(m, name);
    put_int(out, back == arg);
    Py_XDECREF(back);
    put_int(out, PyObject_HasAttr(m, name));
    put_int(out, PyObject_SetAttrString(m, "tour_attr", NULL));
    put_int(out, PyObject_HasAttr(m, name));
    put(out, PyObject_GetAttr(m, name));
    Py_DECREF(name);
    PyObject *fresh = PyModule_New("fresh");
    if (fresh != NULL) {
        PyDict_SetItemString(PyModule_GetDict(fresh), "x", arg);
        put(out, PyUnicode_FromString(PyModule_GetName(fresh)));
        PyObject *val = PyLong_FromLong(12345);
        put_int(out, PyModule_AddObjectRef(fresh, "v", val));
        Py_XDECREF(val);
        put(out, PyObject_GetAttrString(fresh, "v"));
        put(out, PyObject_GetAttrString(fresh, "x"));
        Py_DECREF(fresh);
    }
    PyObject *ty = PyObject_Type(arg);
    put_int(out, PyCallable_Check(ty));
    put_int(out, PyCallable_Check(arg));
    put(out, PyObject_CallNoArgs(ty));
    put(out, PyObject_CallOneArg(ty, arg));
    PyObject *args = PyTuple_Pack(1, arg);
    put(out, args ? PyObject_CallObject(ty, args) : NULL);
    Py_XDECREF(args);
    put_int(out, PyObject_IsInstance(arg, ty));
    put_int(out, PyObject_IsSubclass(ty, (PyObject *)&PyBaseObject_Type));
    put_int(out, PyObject_Length(arg));
    put_int(out, PyObject_Size(ty));
    Py_XDECREF(ty);
    /* The raw allocators, grown and filled to their new size. */
    char *p = PyMem_Calloc(10, 8);
    long zeros = 0;
    for (int i = 0; p != NULL && i < 80; i++)
        zeros += p[i] == 0;
    p = PyMem_Realloc(p, 1000);
    if (p != NULL)
        memset(p, 1, 1000);
    PyMem_Free(p);
    p = PyObject_Malloc(24);
    p = PyObject_Realloc(p, 4000);
    if (p != NULL)
        memset(p, 2, 4000);
    PyObject_Free(p);
    p = PyObject_Calloc(3, 5);
    for (int i = 0; p != NULL && i < 15; i++)
        zeros += p[i] == 0;
    PyObject_Free(p);
    PyMem_Free(NULL);
    PyObject_Free(NULL);
    put_int(out, zeros);
    Py_IncRef(arg);
    Py_DecRef(arg);
    Py_IncRef(NULL);
    Py_DecRef(NULL);
    /* SetItem steals the item also when the index is wrong. */
    PyObject *t = PyTuple_New(3);
    if (t != NULL) {
        PyTuple_SetItem(t, 0, PyLong_FromLong(1));
        put_int(out, PyTuple_SetItem(t, 5, PyLong_FromLong(1000000)));
        PyTuple_SetItem(t, 1, PyUnicode_FromString("a"));
        PyTuple_SetItem(t, 2, PyList_New(0));
        PyObject *item = PyTuple_GetItem(t, 3);
        put(out, Py_XNewRef(item));
        put(out, t);
    }
    return out;
}

/* dict_key_calls(d, k, v, probe): d[k] = v through PyDict_SetItem, then
   (PyDict_GetItemWithError(d, probe), PyDict_Contains(d, probe)) and
   PyDict_DelItem(d, probe); an exception any of them raises propagates.
   With keys of a Python class, each call runs its __hash__ and __eq__. */
static PyObject *dict_key_calls(PyObject *m, PyObject *const *args, Py_ssize_t n) {
    if (n != 4) {
        PyErr_SetString(PyExc_TypeError, "dict_key_calls(d, k, v, probe)");
        return NULL;
    }
    PyObject *d = args[0], *k = args[1], *v = args[2], *probe = args[3];
    if (PyDict_SetItem(d, k, v) < 0)
        return NULL;
    PyObject *got = PyDict_GetItemWithError(d, probe);
    if (got == NULL) {
        if (PyErr_Occurred())
            return NULL;
        got = Py_None;
    }
    int has = PyDict_Contains(d, probe);
    if (has < 0)
        return NULL;
    PyObject *result = Py_BuildValue("(Oi)", got, has);
    if (result != NULL && has && PyDict_DelItem(d, probe) < 0) {
        Py_DECREF(result);
        return NULL;
    }
    return result;
}

/* ----- the module ------------------------------------------------------------------------------------ */

static PyMethodDef checks_methods[] = {
    {"raise_value_error", raise_value_error, METH_O, NULL},
    {"raise_custom", raise_custom, METH_O, NULL},
    {"raise_format", (PyCFunction)(void (*)(void))raise_format, METH_FASTCALL, NULL},
    {"call_back", (PyCFunction)(void (*)(void))call_back, METH_FASTCALL, NULL},
    {"null_without_error", null_without_error, METH_NOARGS, NULL},
    {"result_with_error", result_with_error, METH_NOARGS, NULL},
    {"tuple_with_error", tuple_with_error, METH_NOARGS, NULL},
    {"same", same, METH_O, NULL},
    {"leak_ref", leak_ref, METH_O, NULL},
    {"borrowed_return", borrowed_return, METH_O, NULL},
    {"refcount", refcount, METH_O, NULL},
    {"args_of", args_of, METH_VARARGS, NULL},
    TYPED_SIG(strlen_typed, strlen_typed, METH_O, NULL),
    TYPED_SIG(count_char, count_char, METH_VARARGS, NULL),
    {"upper_ascii", upper_ascii, METH_VARARGS, NULL},
    {"join_bytes", join_bytes, METH_VARARGS, NULL},
    TYPED_SIG(add, add, METH_FASTCALL, NULL),
    TYPED_SIG(divide, divide, METH_FASTCALL, NULL),
    TYPED_SIG(scale, scale, METH_VARARGS, NULL),
    TYPED_SIG(is_positive, is_positive, METH_O, NULL),
    TYPED_SIG(check_range, check_range, METH_O, NULL),
    TYPED_SIG(halve, halve, METH_O, NULL),
    TYPED_SIG(log_call, log_call, METH_O, NULL),
    {"calls", calls, METH_NOARGS, NULL},
    TYPED_SIG(same_object, same_object, METH_FASTCALL, NULL),
    TYPED_SIG(type_name, type_name, METH_O, NULL),
    TYPED_SIG(first_byte, first_byte, METH_VARARGS, NULL),
    TYPED_SIG(describe, describe, METH_VARARGS, NULL),
    TYPED_SIG(sum8, sum8, METH_FASTCALL, NULL),
    TYPED_SIG(flag_value, flag_value, METH_O, NULL),
    {"kwargs", (PyCFunction)(void (*)(void))kwargs, METH_VARARGS | METH_KEYWORDS, NULL},
    {"fast_kw", (PyCFunction)(void (*)(void))fast_kw, METH_FASTCALL | METH_KEYWORDS, NULL},
    {"keep_kw", (PyCFunction)(void (*)(void))keep_kw, METH_VARARGS | METH_KEYWORDS, NULL},
    {"parse", parse, METH_VARARGS, NULL},
    {"build", build, METH_NOARGS, NULL},
    {"build_case", build_case, METH_O, NULL},
    {"swap_methods", swap_methods, METH_VARARGS, NULL},
    {"probe", probe, METH_O, NULL},
    {"pair_a", pair_a, METH_O, NULL},
    {"c_add", c_add, METH_VARARGS, NULL},
    {"generic_attr", generic_attr, METH_VARARGS, NULL},
    {"tour_lists", tour_lists, METH_NOARGS, NULL},
    {"tour_dicts", tour_dicts, METH_O, NULL},
    {"tour_strings", tour_strings, METH_O, NULL},
    {"tour_errors", tour_errors, METH_O, NULL},
    {"tour_numbers", tour_numbers, METH_NOARGS, NULL},
    {"tour_classify", tour_classify, METH_O, tour_classify_doc},
    {"tour_misc", tour_misc, METH_O, NULL},
    {"tour_objects", tour_objects, METH_O, NULL},
    {"dict_key_calls", (PyCFunction)(void (*)(void))dict_key_calls, METH_FASTCALL, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef checks_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "checks",
    .m_doc = "Functions for Typhon's C API tests.",
    .m_size = -1,
    .m_methods = checks_methods,
};

PyMODINIT_FUNC PyInit_checks(void) {
    if (PyType_Ready(&Pair_Type) < 0 || PyType_Ready(&PairIter_Type) < 0 || PyType_Ready(&Tag_Type) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&checks_module);
    if (m == NULL) {
        return NULL;
    }
    CheckError = PyErr_NewException("checks.CheckError", PyExc_ValueError, NULL);
    if (CheckError == NULL) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(CheckError);
    if (PyModule_AddObject(m, "CheckError", CheckError) < 0 ||
        PyModule_AddObject(m, "Pair", (PyObject *)&Pair_Type) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&Pair_Type);
    /* Without Py_TPFLAGS_BASETYPE: Python classes cannot derive from it. */
    Py_INCREF(&PairIter_Type);
    if (PyModule_AddObject(m, "PairIterator", (PyObject *)&PairIter_Type) < 0) {
        Py_DECREF(&PairIter_Type);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&Tag_Type);
    if (PyModule_AddObject(m, "Tag", (PyObject *)&Tag_Type) < 0) {
        Py_DECREF(&Tag_Type);
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "ANSWER", 42);
    PyModule_AddStringConstant(m, "GREETING", "hello from C");
    return m;
}
