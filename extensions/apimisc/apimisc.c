/*
 * apimisc: capsules (made, checked, imported from another module and
 * destroyed), PyModule_FromDefAndSpec/PyModule_ExecDef from C, and smaller
 * functions real extensions use: PyUnicode_Join, PyUnicode_Substring,
 * PyMapping_Items, PyFloat_FromString, PyList_SetSlice.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

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

/* slice_info(s, length): (PySlice_Check, GetIndicesEx's four values, and
   the same from Unpack + AdjustIndices). */
static PyObject *slice_info(PyObject *self, PyObject *args) {
    PyObject *s;
    Py_ssize_t length, start, stop, step, n;
    if (!PyArg_ParseTuple(args, "On", &s, &length)) {
        return NULL;
    }
    if (!PySlice_Check(s)) {
        return Py_BuildValue("(i)", 0);
    }
    if (PySlice_GetIndicesEx(s, length, &start, &stop, &step, &n) < 0) {
        return NULL;
    }
    Py_ssize_t a, b, c;
    if (PySlice_Unpack(s, &a, &b, &c) < 0) {
        return NULL;
    }
    Py_ssize_t m = PySlice_AdjustIndices(length, &a, &b, c);
    return Py_BuildValue("(innnnnnnn)", 1, start, stop, step, n, a, b, c, m);
}

/* new_slice(start, stop, step, which): PySlice_New with the parts whose
   bit is clear in `which` passed as NULL. */
static PyObject *new_slice(PyObject *self, PyObject *args) {
    PyObject *a, *b, *c;
    int which;
    if (!PyArg_ParseTuple(args, "OOOi", &a, &b, &c, &which)) {
        return NULL;
    }
    return PySlice_New(which & 1 ? a : NULL, which & 2 ? b : NULL, which & 4 ? c : NULL);
}

/* as_index(o, raise): (PyIndex_Check, PyNumber_AsSsize_t with
   OverflowError or, when raise is 0, clamping). */
static PyObject *as_index(PyObject *self, PyObject *args) {
    PyObject *o;
    int raise;
    if (!PyArg_ParseTuple(args, "Oi", &o, &raise)) {
        return NULL;
    }
    int check = PyIndex_Check(o);
    Py_ssize_t v = PyNumber_AsSsize_t(o, raise ? PyExc_OverflowError : NULL);
    if (v == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return Py_BuildValue("(in)", check, v);
}

/* slice_bounds(value, start=None, stop=None): the O& converter
   _PyEval_SliceIndex, as tuple.index(value, start, stop) reads them. */
static PyObject *slice_bounds(PyObject *self, PyObject *args) {
    PyObject *value;
    Py_ssize_t start = 0, stop = 1000;
    if (!PyArg_ParseTuple(args, "O|O&O&:slice_bounds", &value, _PyEval_SliceIndex, &start,
                          _PyEval_SliceIndex, &stop)) {
        return NULL;
    }
    return Py_BuildValue("(nn)", start, stop);
}

/* drain(iterable): the items, read through the iterator type's own
   tp_iter and tp_iternext slots, as C code written for CPython reads them. */
static PyObject *drain(PyObject *self, PyObject *iterable) {
    PyObject *it = PyObject_GetIter(iterable);
    if (it == NULL) {
        return NULL;
    }
    PyObject *again = Py_TYPE(it)->tp_iter(it);
    int same = again == it;
    Py_XDECREF(again);
    iternextfunc next = Py_TYPE(it)->tp_iternext;
    PyObject *out = PyList_New(0);
    PyObject *item;
    while (out != NULL && (item = next(it)) != NULL) {
        if (PyList_Append(out, item) < 0) {
            Py_CLEAR(out);
        }
        Py_DECREF(item);
    }
    Py_DECREF(it);
    if (out == NULL || PyErr_Occurred()) {
        Py_XDECREF(out);
        return NULL;
    }
    PyObject *r = Py_BuildValue("(iO)", same, out);
    Py_DECREF(out);
    return r;
}

/* extend(list, iterable): _PyList_Extend, then the list. */
static PyObject *extend(PyObject *self, PyObject *args) {
    PyObject *l, *it;
    if (!PyArg_ParseTuple(args, "O!O", &PyList_Type, &l, &it)) {
        return NULL;
    }
    PyObject *r = _PyList_Extend((PyListObject *)l, it);
    if (r == NULL) {
        return NULL;
    }
    Py_DECREF(r);
    Py_INCREF(l);
    return l;
}

/* self_iter(o): whether PyObject_SelfIter returns o itself. */
static PyObject *self_iter(PyObject *self, PyObject *o) {
    PyObject *r = PyObject_SelfIter(o);
    int same = r == o;
    Py_DECREF(r);
    return PyBool_FromLong(same);
}

/* number_op(name, a[, b[, m]]): the PyNumber_* function called `name`
   (the binary ones take `b`; power takes `m`, None when left out). */
static PyObject *number_op(PyObject *self, PyObject *args) {
    const char *name;
    PyObject *a, *b = NULL, *m = Py_None;
    if (!PyArg_ParseTuple(args, "sO|OO", &name, &a, &b, &m)) {
        return NULL;
    }
    static const struct {
        const char *name;
        PyObject *(*f)(PyObject *, PyObject *);
    } binary[] = {
        {"add", PyNumber_Add}, {"sub", PyNumber_Subtract}, {"mul", PyNumber_Multiply},
        {"truediv", PyNumber_TrueDivide}, {"floordiv", PyNumber_FloorDivide},
        {"mod", PyNumber_Remainder}, {"lshift", PyNumber_Lshift}, {"rshift", PyNumber_Rshift},
        {"and", PyNumber_And}, {"or", PyNumber_Or}, {"xor", PyNumber_Xor},
        {"iadd", PyNumber_InPlaceAdd}, {"isub", PyNumber_InPlaceSubtract},
        {"imul", PyNumber_InPlaceMultiply}, {"itruediv", PyNumber_InPlaceTrueDivide},
        {"ifloordiv", PyNumber_InPlaceFloorDivide}, {"imod", PyNumber_InPlaceRemainder},
        {"ilshift", PyNumber_InPlaceLshift}, {"irshift", PyNumber_InPlaceRshift},
        {"iand", PyNumber_InPlaceAnd}, {"ior", PyNumber_InPlaceOr},
        {"ixor", PyNumber_InPlaceXor},
    };
    static const struct {
        const char *name;
        PyObject *(*f)(PyObject *);
    } unary[] = {
        {"neg", PyNumber_Negative}, {"pos", PyNumber_Positive},
        {"invert", PyNumber_Invert}, {"abs", PyNumber_Absolute},
    };
    for (size_t i = 0; i < sizeof binary / sizeof binary[0]; i++) {
        if (strcmp(name, binary[i].name) == 0) {
            if (b == NULL) {
                PyErr_SetString(PyExc_TypeError, "a binary operator needs b");
                return NULL;
            }
            return binary[i].f(a, b);
        }
    }
    for (size_t i = 0; i < sizeof unary / sizeof unary[0]; i++) {
        if (strcmp(name, unary[i].name) == 0) {
            return unary[i].f(a);
        }
    }
    if (b != NULL && strcmp(name, "pow") == 0) {
        return PyNumber_Power(a, b, m);
    }
    if (b != NULL && strcmp(name, "ipow") == 0) {
        return PyNumber_InPlacePower(a, b, m);
    }
    PyErr_Format(PyExc_ValueError, "unknown operator %s", name);
    return NULL;
}

/* contains(o, v): PySequence_Contains, as -1 (error), 0 or 1. */
static PyObject *contains(PyObject *self, PyObject *args) {
    PyObject *o, *v;
    if (!PyArg_ParseTuple(args, "OO", &o, &v)) {
        return NULL;
    }
    int r = PySequence_Contains(o, v);
    if (r < 0) {
        return NULL;
    }
    return PyLong_FromLong(r);
}

/* merge(d, src, override): PyDict_Merge (override -1: PyDict_Update). */
static PyObject *merge(PyObject *self, PyObject *args) {
    PyObject *d, *src;
    int over;
    if (!PyArg_ParseTuple(args, "OOi", &d, &src, &over)) {
        return NULL;
    }
    int r = over < 0 ? PyDict_Update(d, src) : PyDict_Merge(d, src, over);
    if (r < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* ucompare(a, b): PyUnicode_Compare, raising if it set an exception. */
static PyObject *ucompare(PyObject *self, PyObject *args) {
    PyObject *a, *b;
    if (!PyArg_ParseTuple(args, "OO", &a, &b)) {
        return NULL;
    }
    int r = PyUnicode_Compare(a, b);
    if (r == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromLong(r);
}

/* format_obj(o[, spec]): PyObject_Format (a NULL spec without one). */
static PyObject *format_obj(PyObject *self, PyObject *args) {
    PyObject *o, *spec = NULL;
    if (!PyArg_ParseTuple(args, "O|O", &o, &spec)) {
        return NULL;
    }
    return PyObject_Format(o, spec);
}

/* num_bits(o): _PyLong_NumBits. */
static PyObject *num_bits(PyObject *self, PyObject *o) {
    size_t n = _PyLong_NumBits(o);
    if (n == (size_t)-1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromSize_t(n);
}

/* unraisable(message[, obj]): raises ValueError(message) in C and
   reports it with PyErr_WriteUnraisable(obj), which clears it. */
static PyObject *unraisable(PyObject *self, PyObject *args) {
    const char *msg;
    PyObject *obj = NULL;
    if (!PyArg_ParseTuple(args, "s|O", &msg, &obj)) {
        return NULL;
    }
    PyErr_SetString(PyExc_ValueError, msg);
    PyErr_WriteUnraisable(obj);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* seq_op(name, o[, a[, b]]): the PySequence_* function called `name`;
   the ones returning a status or a size give it as an int. */
static PyObject *seq_op(PyObject *self, PyObject *args) {
    const char *name;
    PyObject *o, *a = NULL, *b = NULL;
    if (!PyArg_ParseTuple(args, "sO|OO", &name, &o, &a, &b)) {
        return NULL;
    }
    Py_ssize_t n = -1;
    if (strcmp(name, "check") == 0) {
        return PyLong_FromLong(PySequence_Check(o));
    } else if (strcmp(name, "size") == 0) {
        n = PySequence_Size(o);
    } else if (strcmp(name, "length") == 0) {
        n = PySequence_Length(o);
    } else if (strcmp(name, "tuple") == 0) {
        return PySequence_Tuple(o);
    } else if (strcmp(name, "list") == 0) {
        return PySequence_List(o);
    } else if (a == NULL) {
        PyErr_SetString(PyExc_TypeError, "this operation needs an argument");
        return NULL;
    } else if (strcmp(name, "getitem") == 0) {
        return PySequence_GetItem(o, PyLong_AsSsize_t(a));
    } else if (strcmp(name, "setitem") == 0) {
        n = PySequence_SetItem(o, PyLong_AsSsize_t(a), b);
    } else if (strcmp(name, "delitem") == 0) {
        n = PySequence_DelItem(o, PyLong_AsSsize_t(a));
    } else if (strcmp(name, "getslice") == 0) {
        return PySequence_GetSlice(o, PyLong_AsSsize_t(a), PyLong_AsSsize_t(b));
    } else if (strcmp(name, "count") == 0) {
        n = PySequence_Count(o, a);
    } else if (strcmp(name, "index") == 0) {
        n = PySequence_Index(o, a);
    } else if (strcmp(name, "in") == 0) {
        n = PySequence_In(o, a);
    } else {
        PyErr_Format(PyExc_ValueError, "unknown operation %s", name);
        return NULL;
    }
    if (n == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromSsize_t(n);
}

/* map_op(name, o[, key[, v]]): the PyMapping_* function called `name`
   (string keys for the *String forms). */
static PyObject *map_op(PyObject *self, PyObject *args) {
    const char *name;
    PyObject *o, *key = NULL, *v = NULL;
    if (!PyArg_ParseTuple(args, "sO|OO", &name, &o, &key, &v)) {
        return NULL;
    }
    Py_ssize_t n = -1;
    if (strcmp(name, "check") == 0) {
        return PyLong_FromLong(PyMapping_Check(o));
    } else if (strcmp(name, "size") == 0) {
        n = PyMapping_Size(o);
    } else if (strcmp(name, "length") == 0) {
        n = PyMapping_Length(o);
    } else if (strcmp(name, "keys") == 0) {
        return PyMapping_Keys(o);
    } else if (strcmp(name, "values") == 0) {
        return PyMapping_Values(o);
    } else if (strcmp(name, "items") == 0) {
        return PyMapping_Items(o);
    } else if (key == NULL) {
        PyErr_SetString(PyExc_TypeError, "this operation needs a key");
        return NULL;
    } else if (strcmp(name, "haskey") == 0) {
        return PyLong_FromLong(PyMapping_HasKey(o, key));
    } else if (!PyUnicode_Check(key)) {
        PyErr_SetString(PyExc_TypeError, "the *String forms need a str key");
        return NULL;
    } else if (strcmp(name, "getitemstring") == 0) {
        return PyMapping_GetItemString(o, PyUnicode_AsUTF8(key));
    } else if (strcmp(name, "haskeystring") == 0) {
        return PyLong_FromLong(PyMapping_HasKeyString(o, PyUnicode_AsUTF8(key)));
    } else if (strcmp(name, "setitemstring") == 0 && v != NULL) {
        n = PyMapping_SetItemString(o, PyUnicode_AsUTF8(key), v);
    } else {
        PyErr_Format(PyExc_ValueError, "unknown operation %s", name);
        return NULL;
    }
    if (n == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromSsize_t(n);
}

/* Seq: a C type with only sequence slots: `+` and `*` reach sq_concat and
   sq_repeat as in CPython. */
typedef struct {
    PyObject_HEAD
} SeqObject;

static Py_ssize_t seq_length(PyObject *self) { return 3; }

static PyObject *seq_concat(PyObject *self, PyObject *other) {
    return Py_BuildValue("(sO)", "concat", other);
}

static PyObject *seq_repeat(PyObject *self, Py_ssize_t n) {
    return Py_BuildValue("(sn)", "repeat", n);
}

static PySequenceMethods seq_as_sequence = {
    .sq_length = seq_length,
    .sq_concat = seq_concat,
    .sq_repeat = seq_repeat,
};

static PyTypeObject SeqType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "apimisc.Seq",
    .tp_basicsize = sizeof(SeqObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_as_sequence = &seq_as_sequence,
    .tp_new = PyType_GenericNew,
};

/* Proxy(obj): a C type that forwards what it can to the object it holds,
   as wrapt's ObjectProxy does: every number slot (through PyNumber_*),
   comparisons, hashing, a `__class__` getter that names the object's
   class, a `__reversed__` method, and `tp_descr_get`, which binds the
   held object through its own type's `tp_descr_get` (a function found
   on a class binds to the instance). */
typedef struct {
    PyObject_HEAD
    PyObject *wrapped;
} ProxyObject;

static PyTypeObject ProxyType;

static PyObject *proxy_new(PyTypeObject *t, PyObject *args, PyObject *kw) {
    PyObject *w;
    if (!PyArg_ParseTuple(args, "O:Proxy", &w)) {
        return NULL;
    }
    ProxyObject *p = (ProxyObject *)t->tp_alloc(t, 0);
    if (p == NULL) {
        return NULL;
    }
    Py_INCREF(w);
    p->wrapped = w;
    return (PyObject *)p;
}

static void proxy_dealloc(ProxyObject *p) {
    Py_XDECREF(p->wrapped);
    Py_TYPE(p)->tp_free((PyObject *)p);
}

static PyObject *unwrap(PyObject *o) {
    return PyObject_TypeCheck(o, &ProxyType) ? ((ProxyObject *)o)->wrapped : o;
}

#define PROXY_BINARY(name, f) \
    static PyObject *name(PyObject *a, PyObject *b) { return f(unwrap(a), unwrap(b)); }
PROXY_BINARY(proxy_add, PyNumber_Add)
PROXY_BINARY(proxy_sub, PyNumber_Subtract)
PROXY_BINARY(proxy_mul, PyNumber_Multiply)
PROXY_BINARY(proxy_mod, PyNumber_Remainder)
PROXY_BINARY(proxy_divmod, PyNumber_Divmod)
PROXY_BINARY(proxy_lshift, PyNumber_Lshift)
PROXY_BINARY(proxy_rshift, PyNumber_Rshift)
PROXY_BINARY(proxy_and, PyNumber_And)
PROXY_BINARY(proxy_xor, PyNumber_Xor)
PROXY_BINARY(proxy_or, PyNumber_Or)
PROXY_BINARY(proxy_floordiv, PyNumber_FloorDivide)
PROXY_BINARY(proxy_truediv, PyNumber_TrueDivide)

static PyObject *proxy_pow(PyObject *a, PyObject *b, PyObject *m) {
    return PyNumber_Power(unwrap(a), unwrap(b), m);
}

/* In place: the held object is replaced by the result. */
#define PROXY_INPLACE(name, f) \
    static PyObject *name(PyObject *a, PyObject *b) { \
        ProxyObject *p = (ProxyObject *)a; \
        PyObject *r = f(p->wrapped, unwrap(b)); \
        if (r == NULL) return NULL; \
        Py_SETREF(p->wrapped, r); \
        Py_INCREF(a); \
        return a; \
    }
PROXY_INPLACE(proxy_iadd, PyNumber_InPlaceAdd)
PROXY_INPLACE(proxy_isub, PyNumber_InPlaceSubtract)
PROXY_INPLACE(proxy_imul, PyNumber_InPlaceMultiply)
PROXY_INPLACE(proxy_ifloordiv, PyNumber_InPlaceFloorDivide)
PROXY_INPLACE(proxy_ior, PyNumber_InPlaceOr)

#define PROXY_UNARY(name, f) \
    static PyObject *name(PyObject *a) { return f(((ProxyObject *)a)->wrapped); }
PROXY_UNARY(proxy_neg, PyNumber_Negative)
PROXY_UNARY(proxy_pos, PyNumber_Positive)
PROXY_UNARY(proxy_abs, PyNumber_Absolute)
PROXY_UNARY(proxy_invert, PyNumber_Invert)
PROXY_UNARY(proxy_int, PyNumber_Long)
PROXY_UNARY(proxy_float, PyNumber_Float)
PROXY_UNARY(proxy_index, PyNumber_Index)

static int proxy_bool(PyObject *a) {
    return PyObject_IsTrue(((ProxyObject *)a)->wrapped);
}

static PyNumberMethods proxy_as_number = {
    .nb_add = proxy_add,
    .nb_subtract = proxy_sub,
    .nb_multiply = proxy_mul,
    .nb_remainder = proxy_mod,
    .nb_divmod = proxy_divmod,
    .nb_power = proxy_pow,
    .nb_negative = proxy_neg,
    .nb_positive = proxy_pos,
    .nb_absolute = proxy_abs,
    .nb_bool = proxy_bool,
    .nb_invert = proxy_invert,
    .nb_lshift = proxy_lshift,
    .nb_rshift = proxy_rshift,
    .nb_and = proxy_and,
    .nb_xor = proxy_xor,
    .nb_or = proxy_or,
    .nb_int = proxy_int,
    .nb_float = proxy_float,
    .nb_inplace_add = proxy_iadd,
    .nb_inplace_subtract = proxy_isub,
    .nb_inplace_multiply = proxy_imul,
    .nb_inplace_or = proxy_ior,
    .nb_floor_divide = proxy_floordiv,
    .nb_true_divide = proxy_truediv,
    .nb_inplace_floor_divide = proxy_ifloordiv,
    .nb_index = proxy_index,
};

static PyObject *proxy_richcompare(PyObject *a, PyObject *b, int op) {
    return PyObject_RichCompare(((ProxyObject *)a)->wrapped, unwrap(b), op);
}

static Py_hash_t proxy_hash(PyObject *a) {
    return PyObject_Hash(((ProxyObject *)a)->wrapped);
}

static PyObject *proxy_repr(PyObject *a) {
    return PyUnicode_FromFormat("<Proxy %R>", ((ProxyObject *)a)->wrapped);
}

static PyObject *proxy_get_class(PyObject *a, void *closure) {
    return PyObject_GetAttrString(((ProxyObject *)a)->wrapped, "__class__");
}

static PyObject *proxy_get_wrapped(PyObject *a, void *closure) {
    PyObject *w = ((ProxyObject *)a)->wrapped;
    Py_INCREF(w);
    return w;
}

static PyGetSetDef proxy_getset[] = {
    {"__class__", proxy_get_class, NULL, NULL, NULL},
    {"wrapped", proxy_get_wrapped, NULL, NULL, NULL},
    {NULL},
};

static PyObject *proxy_reversed(PyObject *a, PyObject *unused) {
    return PyObject_CallFunctionObjArgs((PyObject *)&PyReversed_Type,
                                        ((ProxyObject *)a)->wrapped, NULL);
}

static PyMethodDef proxy_methods[] = {
    {"__reversed__", proxy_reversed, METH_NOARGS, NULL},
    {NULL},
};

/* Found on a class: binds the held object through its type's
   tp_descr_get, or gives the proxy itself when that has none. */
static PyObject *proxy_descr_get(PyObject *a, PyObject *obj, PyObject *type) {
    PyObject *w = ((ProxyObject *)a)->wrapped;
    descrgetfunc f = Py_TYPE(w)->tp_descr_get;
    if (f == NULL) {
        Py_INCREF(a);
        return a;
    }
    return f(w, obj, type);
}

static PyTypeObject ProxyType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "apimisc.Proxy",
    .tp_basicsize = sizeof(ProxyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = proxy_new,
    .tp_dealloc = (destructor)proxy_dealloc,
    .tp_as_number = &proxy_as_number,
    .tp_richcompare = proxy_richcompare,
    .tp_hash = proxy_hash,
    .tp_repr = proxy_repr,
    .tp_getset = proxy_getset,
    .tp_methods = proxy_methods,
    .tp_descr_get = proxy_descr_get,
};

/* types(): the built-in type objects the table exports, by name. */
static PyObject *exported_types(PyObject *self, PyObject *unused) {
    return Py_BuildValue("{sOsOsOsOsOsOsOsOsOsOsOsOsOsO}",
        "function", &PyFunction_Type, "method", &PyMethod_Type,
        "staticmethod", &PyStaticMethod_Type, "classmethod", &PyClassMethod_Type,
        "property", &PyProperty_Type, "super", &PySuper_Type,
        "reversed", &PyReversed_Type, "enumerate", &PyEnum_Type,
        "slice", &PySlice_Type, "range", &PyRange_Type,
        "dict_keys", &PyDictKeys_Type, "dict_values", &PyDictValues_Type,
        "dict_items", &PyDictItems_Type, "generator", &PyGen_Type);
}

/* make_complex(x): calls PyComplex_Type. */
static PyObject *make_complex(PyObject *self, PyObject *x) {
    return PyObject_CallFunctionObjArgs((PyObject *)&PyComplex_Type, x, NULL);
}

/* as_bytes(o), dir_of(o): PyObject_Bytes and PyObject_Dir. */
static PyObject *as_bytes(PyObject *self, PyObject *o) {
    return PyObject_Bytes(o);
}

static PyObject *dir_of(PyObject *self, PyObject *o) {
    return PyObject_Dir(o);
}

/* bind(f, obj, cls): Py_TYPE(f)->tp_descr_get(f, obj, cls), obj None
   passed as NULL. */
static PyObject *bind(PyObject *self, PyObject *args) {
    PyObject *f, *obj, *cls;
    if (!PyArg_ParseTuple(args, "OOO", &f, &obj, &cls)) {
        return NULL;
    }
    descrgetfunc get = Py_TYPE(f)->tp_descr_get;
    if (get == NULL) {
        PyErr_SetString(PyExc_TypeError, "no tp_descr_get");
        return NULL;
    }
    return get(f, obj == Py_None ? NULL : obj, cls);
}

/* builtin_view(o): what the C API sees of an instance of a built-in type
   or of a class deriving from one: the type checks (subclass, exact),
   then the value read through the type's own functions. */
static PyObject *builtin_view(PyObject *self, PyObject *o) {
    PyObject *checks = Py_BuildValue(
        "(iiiiiiiiiiiiii)", PyLong_Check(o), PyLong_CheckExact(o), PyFloat_Check(o),
        PyFloat_CheckExact(o), PyUnicode_Check(o), PyUnicode_CheckExact(o), PyBytes_Check(o),
        PyBytes_CheckExact(o), PyTuple_Check(o), PyTuple_CheckExact(o), PyList_Check(o),
        PyList_CheckExact(o), PyDict_Check(o), PyDict_CheckExact(o));
    if (checks == NULL) {
        return NULL;
    }
    PyObject *value = NULL;
    if (PyLong_Check(o)) {
        value = PyLong_FromLong(PyLong_AsLong(o) + 1);
    } else if (PyFloat_Check(o)) {
        value = PyFloat_FromDouble(PyFloat_AsDouble(o) * 2);
    } else if (PyUnicode_Check(o)) {
        value = PyUnicode_FromString(PyUnicode_AsUTF8(o));
    } else if (PyTuple_Check(o)) {
        value = PyLong_FromSsize_t(PyTuple_Size(o));
        if (PyTuple_Size(o) > 0) {
            Py_DECREF(value);
            value = PyTuple_GetItem(o, 0);
            Py_XINCREF(value);
        }
    } else if (PyList_Check(o)) {
        if (PyList_Append(o, Py_None) < 0) {
            Py_DECREF(checks);
            return NULL;
        }
        value = PyLong_FromSsize_t(PyList_Size(o));
    } else if (PyDict_Check(o)) {
        PyObject *one = PyLong_FromLong(1);
        if (one == NULL || PyDict_SetItemString(o, "from_c", one) < 0) {
            Py_XDECREF(one);
            Py_DECREF(checks);
            return NULL;
        }
        Py_DECREF(one);
        value = PyDict_GetItemString(o, "k");
        Py_XINCREF(value);
        if (value == NULL) {
            value = PyLong_FromSsize_t(PyDict_Size(o));
        }
    } else {
        value = PyObject_Repr(o);
    }
    if (value == NULL) {
        Py_DECREF(checks);
        return NULL;
    }
    return Py_BuildValue("(NN)", checks, value);
}

static PyMethodDef apimisc_methods[] = {
    {"builtin_view", builtin_view, METH_O, NULL},
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
    {"slice_info", slice_info, METH_VARARGS, NULL},
    {"new_slice", new_slice, METH_VARARGS, NULL},
    {"as_index", as_index, METH_VARARGS, NULL},
    {"slice_bounds", slice_bounds, METH_VARARGS, NULL},
    {"drain", drain, METH_O, NULL},
    {"extend", extend, METH_VARARGS, NULL},
    {"self_iter", self_iter, METH_O, NULL},
    {"number_op", number_op, METH_VARARGS, NULL},
    {"contains", contains, METH_VARARGS, NULL},
    {"merge", merge, METH_VARARGS, NULL},
    {"ucompare", ucompare, METH_VARARGS, NULL},
    {"format_obj", format_obj, METH_VARARGS, NULL},
    {"num_bits", num_bits, METH_O, NULL},
    {"unraisable", unraisable, METH_VARARGS, NULL},
    {"seq_op", seq_op, METH_VARARGS, NULL},
    {"map_op", map_op, METH_VARARGS, NULL},
    {"exported_types", exported_types, METH_NOARGS, NULL},
    {"make_complex", make_complex, METH_O, NULL},
    {"as_bytes", as_bytes, METH_O, NULL},
    {"dir_of", dir_of, METH_O, NULL},
    {"bind", bind, METH_VARARGS, NULL},
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
    if (PyType_Ready(&SeqType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    if (PyType_Ready(&ProxyType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&ProxyType);
    if (PyModule_AddObject(m, "Proxy", (PyObject *)&ProxyType) < 0) {
        Py_DECREF(&ProxyType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&SeqType);
    if (PyModule_AddObject(m, "Seq", (PyObject *)&SeqType) < 0) {
        Py_DECREF(&SeqType);
        Py_DECREF(m);
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
