/*
 * heaptypes: types made at run time from a PyType_Spec (PyType_FromSpec,
 * PyType_FromSpecWithBases, PyType_FromModuleAndSpec), as modern
 * extensions make theirs. Each heap type is reference counted: every
 * instance holds a reference to its type, and a tp_dealloc written for a
 * heap type drops it (CPython 3.8+). The module is made by single-phase
 * init; `modstate` covers the multi-phase pattern.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

/* ----- Point: members, methods, get-set, init, repr, compare, hash, add ----- */

typedef struct {
    PyObject_HEAD
    double x;
    double y;
    PyObject *tag;
} PointObject;

static long points_freed = 0;

static int point_init(PyObject *self, PyObject *args, PyObject *kwds) {
    PointObject *p = (PointObject *)self;
    static char *kwlist[] = {"x", "y", NULL};
    double x = 0.0, y = 0.0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|dd", kwlist, &x, &y)) {
        return -1;
    }
    p->x = x;
    p->y = y;
    return 0;
}

static void point_dealloc(PyObject *self) {
    PyTypeObject *tp = Py_TYPE(self);
    PointObject *p = (PointObject *)self;
    Py_CLEAR(p->tag);
    points_freed++;
    tp->tp_free(self);
    Py_DECREF(tp);
}

static PyObject *point_repr(PyObject *self) {
    PointObject *p = (PointObject *)self;
    char buf[120];
    snprintf(buf, sizeof buf, "%s(%g, %g)", Py_TYPE(self)->tp_name, p->x, p->y);
    return PyUnicode_FromString(buf);
}

static PyObject *point_richcompare(PyObject *a, PyObject *b, int op) {
    PyTypeObject *pt = Py_TYPE(a);
    if ((op != Py_EQ && op != Py_NE) || !PyObject_TypeCheck(b, pt)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    PointObject *p = (PointObject *)a, *q = (PointObject *)b;
    int eq = p->x == q->x && p->y == q->y;
    if (op == Py_NE) {
        eq = !eq;
    }
    return PyBool_FromLong(eq);
}

static Py_hash_t point_hash(PyObject *self) {
    PointObject *p = (PointObject *)self;
    Py_hash_t h = (Py_hash_t)(p->x * 1000003.0 + p->y);
    return h == -1 ? -2 : h;
}

static PyObject *point_add(PyObject *a, PyObject *b) {
    if (!PyObject_TypeCheck(a, Py_TYPE(b)) && !PyObject_TypeCheck(b, Py_TYPE(a))) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    PointObject *p = (PointObject *)a, *q = (PointObject *)b;
    PyTypeObject *tp = Py_TYPE(a);
    PointObject *r = (PointObject *)tp->tp_alloc(tp, 0);
    if (r == NULL) {
        return NULL;
    }
    r->x = p->x + q->x;
    r->y = p->y + q->y;
    return (PyObject *)r;
}

static PyObject *point_norm2(PyObject *self, PyObject *unused) {
    PointObject *p = (PointObject *)self;
    return PyFloat_FromDouble(p->x * p->x + p->y * p->y);
}

static PyObject *point_scale(PyObject *self, PyObject *arg) {
    double k = PyFloat_AsDouble(arg);
    if (k == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    PointObject *p = (PointObject *)self;
    p->x *= k;
    p->y *= k;
    Py_RETURN_NONE;
}

static PyObject *point_get_sum(PyObject *self, void *closure) {
    PointObject *p = (PointObject *)self;
    return PyFloat_FromDouble(p->x + p->y);
}

static int point_set_sum(PyObject *self, PyObject *v, void *closure) {
    if (v == NULL) {
        PyErr_SetString(PyExc_AttributeError, "cannot delete sum");
        return -1;
    }
    double s = PyFloat_AsDouble(v);
    if (s == -1.0 && PyErr_Occurred()) {
        return -1;
    }
    PointObject *p = (PointObject *)self;
    p->y = s - p->x;
    return 0;
}

static PyMemberDef point_members[] = {
    {"x", T_DOUBLE, offsetof(PointObject, x), 0, "x coordinate"},
    {"y", T_DOUBLE, offsetof(PointObject, y), 0, "y coordinate"},
    {"tag", T_OBJECT_EX, offsetof(PointObject, tag), 0, "a tag"},
    {NULL, 0, 0, 0, NULL},
};

static PyMethodDef point_methods[] = {
    {"norm2", point_norm2, METH_NOARGS, "x*x + y*y"},
    {"scale", point_scale, METH_O, "scales in place"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef point_getset[] = {
    {"sum", point_get_sum, point_set_sum, "x + y", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot point_slots[] = {
    {Py_tp_doc, "A point made from a spec."},
    {Py_tp_init, point_init},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_dealloc, point_dealloc},
    {Py_tp_repr, point_repr},
    {Py_tp_richcompare, point_richcompare},
    {Py_tp_hash, point_hash},
    {Py_nb_add, point_add},
    {Py_tp_members, point_members},
    {Py_tp_methods, point_methods},
    {Py_tp_getset, point_getset},
    {0, NULL},
};

static PyType_Spec point_spec = {
    "heaptypes.Point",
    sizeof(PointObject),
    0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    point_slots,
};

/* ----- Point3: derives from Point (PyType_FromSpecWithBases) ----- */

typedef struct {
    PointObject base;
    double z;
} Point3Object;

static PyObject *point3_norm2(PyObject *self, PyObject *unused) {
    Point3Object *p = (Point3Object *)self;
    return PyFloat_FromDouble(p->base.x * p->base.x + p->base.y * p->base.y + p->z * p->z);
}

static PyMemberDef point3_members[] = {
    {"z", T_DOUBLE, offsetof(Point3Object, z), 0, NULL},
    {NULL, 0, 0, 0, NULL},
};

static PyMethodDef point3_methods[] = {
    {"norm2", point3_norm2, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot point3_slots[] = {
    {Py_tp_members, point3_members},
    {Py_tp_methods, point3_methods},
    {0, NULL},
};

static PyType_Spec point3_spec = {
    "heaptypes.Point3",
    sizeof(Point3Object),
    0,
    Py_TPFLAGS_DEFAULT,
    point3_slots,
};

/* ----- Counter: no tp_new, init or dealloc of its own; tied to the module ----- */

typedef struct {
    PyObject_HEAD
    long n;
} CounterObject;

static PyObject *counter_bump(PyObject *self, PyObject *unused) {
    return PyLong_FromLong(++((CounterObject *)self)->n);
}

static PyObject *counter_module_name(PyObject *self, PyObject *unused) {
    PyObject *m = PyType_GetModule(Py_TYPE(self));
    if (m == NULL) {
        return NULL;
    }
    return PyUnicode_FromString(PyModule_GetName(m));
}

static PyMethodDef counter_methods[] = {
    {"bump", counter_bump, METH_NOARGS, NULL},
    {"module_name", counter_module_name, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot counter_slots[] = {
    {Py_tp_methods, counter_methods},
    {0, NULL},
};

static PyType_Spec counter_spec = {
    "heaptypes.Counter",
    sizeof(CounterObject),
    0,
    Py_TPFLAGS_DEFAULT,
    counter_slots,
};

/* ----- module functions ----- */

/* A type made, used and dropped inside one call: its instances' deallocs
 * run, then the type itself goes (a leak check would see it otherwise). */
static PyObject *ephemeral(PyObject *m, PyObject *unused) {
    PyObject *t = PyType_FromSpec(&point_spec);
    if (t == NULL) {
        return NULL;
    }
    long before = points_freed;
    Py_ssize_t rc0 = Py_REFCNT(t);
    PyObject *a = PyObject_CallNoArgs(t);
    PyObject *b = PyObject_CallNoArgs(t);
    if (a == NULL || b == NULL) {
        Py_XDECREF(a);
        Py_XDECREF(b);
        Py_DECREF(t);
        return NULL;
    }
    Py_ssize_t with_two = Py_REFCNT(t) - rc0;
    Py_DECREF(a);
    Py_ssize_t with_one = Py_REFCNT(t) - rc0;
    Py_DECREF(b);
    Py_ssize_t with_none = Py_REFCNT(t) - rc0;
    Py_DECREF(t);
    return Py_BuildValue("(nnnl)", with_two, with_one, with_none, points_freed - before);
}

static PyObject *freed(PyObject *m, PyObject *unused) {
    return PyLong_FromLong(points_freed);
}

static PyObject *flags(PyObject *m, PyObject *t) {
    if (!PyType_Check(t)) {
        PyErr_SetString(PyExc_TypeError, "a type is required");
        return NULL;
    }
    unsigned long f = PyType_GetFlags((PyTypeObject *)t);
    return Py_BuildValue("(ii)", (f & Py_TPFLAGS_HEAPTYPE) != 0, (f & Py_TPFLAGS_BASETYPE) != 0);
}

static PyObject *get_module(PyObject *m, PyObject *t) {
    if (!PyType_Check(t)) {
        PyErr_SetString(PyExc_TypeError, "a type is required");
        return NULL;
    }
    PyObject *mod = PyType_GetModule((PyTypeObject *)t);
    Py_XINCREF(mod);
    return mod;
}

static PyObject *get_module_state_is_null(PyObject *m, PyObject *t) {
    void *st = PyType_GetModuleState((PyTypeObject *)t);
    if (st == NULL && PyErr_Occurred()) {
        return NULL;
    }
    return PyBool_FromLong(st == NULL);
}

static PyObject *names(PyObject *m, PyObject *t) {
    if (!PyType_Check(t)) {
        PyErr_SetString(PyExc_TypeError, "a type is required");
        return NULL;
    }
    PyObject *n = PyType_GetName((PyTypeObject *)t);
    PyObject *q = n == NULL ? NULL : PyType_GetQualName((PyTypeObject *)t);
    PyObject *r = q == NULL ? NULL : PyTuple_Pack(2, n, q);
    Py_XDECREF(n);
    Py_XDECREF(q);
    return r;
}

static PyObject *repr_slot_is_point_repr(PyObject *m, PyObject *t) {
    return PyBool_FromLong(PyType_GetSlot((PyTypeObject *)t, Py_tp_repr) == (void *)point_repr);
}

static PyType_Slot bad_slots[] = {
    {Py_tp_doc, "bad"},
    {999, NULL},
    {0, NULL},
};
static PyType_Spec bad_slot_spec = {"heaptypes.Bad", sizeof(PyObject), 0, Py_TPFLAGS_DEFAULT, bad_slots};

static PyObject *make_bad_slot(PyObject *m, PyObject *unused) {
    return PyType_FromSpec(&bad_slot_spec);
}

static PyType_Slot empty_slots[] = {{0, NULL}};
static PyType_Spec sub_spec = {"heaptypes.Sub", sizeof(CounterObject), 0, Py_TPFLAGS_DEFAULT, empty_slots};

static PyObject *make_sub(PyObject *m, PyObject *base) {
    return PyType_FromSpecWithBases(&sub_spec, base);
}

/* Not instantiable from Python (Py_TPFLAGS_DISALLOW_INSTANTIATION). */
static PyType_Spec nonew_spec = {"heaptypes.NoNew", sizeof(PyObject), 0,
                                 Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, empty_slots};

static PyObject *make_nonew(PyObject *m, PyObject *unused) {
    return PyType_FromSpec(&nonew_spec);
}

/* Bases through the Py_tp_bases slot (a tuple made at run time). */
static PyObject *make_via_bases_slot(PyObject *m, PyObject *base) {
    PyObject *bases = PyTuple_Pack(1, base);
    if (bases == NULL) {
        return NULL;
    }
    PyType_Slot slots[] = {{Py_tp_bases, bases}, {0, NULL}};
    PyType_Spec spec = {"heaptypes.ViaBases", sizeof(PointObject), 0, Py_TPFLAGS_DEFAULT, slots};
    PyObject *t = PyType_FromSpec(&spec);
    Py_DECREF(bases);
    return t;
}

/* Subclassable, with no tp_dealloc, tp_new or tp_init of its own. */
static PyType_Spec plain_spec = {"heaptypes.Plain", sizeof(CounterObject), 0,
                                 Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, counter_slots};

static PyObject *make_plain(PyObject *m, PyObject *unused) {
    return PyType_FromSpec(&plain_spec);
}

/* A name without a module: CPython 3.11 makes the type and warns. */
static PyType_Spec undotted_spec = {"Undotted", sizeof(PyObject), 0, Py_TPFLAGS_DEFAULT, empty_slots};

static PyObject *make_undotted(PyObject *m, PyObject *unused) {
    return PyType_FromSpec(&undotted_spec);
}

static PyMethodDef heaptypes_methods[] = {
    {"make_undotted", make_undotted, METH_NOARGS, NULL},
    {"names", names, METH_O, NULL},
    {"make_plain", make_plain, METH_NOARGS, NULL},
    {"make_nonew", make_nonew, METH_NOARGS, NULL},
    {"make_via_bases_slot", make_via_bases_slot, METH_O, NULL},
    {"ephemeral", ephemeral, METH_NOARGS, NULL},
    {"freed", freed, METH_NOARGS, NULL},
    {"flags", flags, METH_O, NULL},
    {"get_module", get_module, METH_O, NULL},
    {"get_module_state_is_null", get_module_state_is_null, METH_O, NULL},
    {"repr_slot_is_point_repr", repr_slot_is_point_repr, METH_O, NULL},
    {"make_bad_slot", make_bad_slot, METH_NOARGS, NULL},
    {"make_sub", make_sub, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef heaptypes_module = {
    PyModuleDef_HEAD_INIT, "heaptypes", "Heap types made from specs.", -1, heaptypes_methods,
};

PyMODINIT_FUNC PyInit_heaptypes(void) {
    PyObject *m = PyModule_Create(&heaptypes_module);
    if (m == NULL) {
        return NULL;
    }
    PyObject *point = PyType_FromSpec(&point_spec);
    if (point == NULL || PyModule_AddType(m, (PyTypeObject *)point) < 0) {
        Py_XDECREF(point);
        goto fail;
    }
    PyObject *p3 = PyType_FromSpecWithBases(&point3_spec, point);
    Py_DECREF(point);
    if (p3 == NULL || PyModule_AddType(m, (PyTypeObject *)p3) < 0) {
        Py_XDECREF(p3);
        goto fail;
    }
    Py_DECREF(p3);
    PyObject *counter = PyType_FromModuleAndSpec(m, &counter_spec, NULL);
    if (counter == NULL || PyModule_AddType(m, (PyTypeObject *)counter) < 0) {
        Py_XDECREF(counter);
        goto fail;
    }
    Py_DECREF(counter);
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
