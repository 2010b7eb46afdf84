/*
 * Deliberately broken extension modules, for the import-error tests.
 * Compiled once per case with -DCASE_<NAME> -DMODNAME=<name>; each build
 * is a module named <name> whose import must fail with a clear Python
 * exception in Typhon (never a crash).
 *
 *   bad_typecode     typed metadata with an unknown type code
 *   bad_too_many     a typed signature with 9 arguments
 *   bad_str_return   T_C_STR as a result type
 *   bad_void_arg     T_C_VOID as an argument type
 *   bad_arity_o      METH_O declaring two arguments
 *   bad_arity_noargs METH_NOARGS declaring one argument
 *   init_null        PyInit returns NULL without an exception
 *   init_raises      PyInit raises ImportError
 *   init_not_module  PyInit returns an int
 *   no_init          no PyInit_<name> at all
 *   exec_null        multi-phase: an exec slot fails without an exception
 *   exec_raises      multi-phase: an exec slot raises ValueError
 *   slot_unknown     multi-phase: a slot ID Typhon does not know
 *   create_twice     multi-phase: two Py_mod_create slots
 *   create_not_module multi-phase: a create slot makes no module, but
 *                    the definition asks for module state
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "typed_methods.h"

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define STR2(a) #a
#define STR(a) STR2(a)

static long one_impl(long x) { return x; }
static long two_impl(long x, long y) { return x + y; }
static long nine_impl(long a, long b, long c, long d, long e, long f, long g, long h, long i) {
    return a + b + c + d + e + f + g + h + i;
}
static const char *str_impl(long x) { (void)x; return "x"; }
static long none_impl(void) { return 0; }

static PyObject *wrapper(PyObject *m, PyObject *arg) { Py_RETURN_NONE; }

#if defined(CASE_bad_typecode)
static int one_arg_types[] = {T_C_LONG, 99, -1};
static struct PyTypedMethodMetadata one_sig = {one_arg_types, T_C_LONG, (void *)two_impl, "one"};
#define ENTRY {one_sig.ml_name, wrapper, METH_VARARGS | METH_TYPED, NULL}
#elif defined(CASE_bad_too_many)
SIG(nine, LIST(T_C_LONG, T_C_LONG, T_C_LONG, T_C_LONG, T_C_LONG, T_C_LONG, T_C_LONG, T_C_LONG,
               T_C_LONG), T_C_LONG)
#define ENTRY TYPED_SIG(nine, wrapper, METH_VARARGS, NULL)
#elif defined(CASE_bad_str_return)
SIG(str, LIST(T_C_LONG), T_C_STR)
#define ENTRY TYPED_SIG(str, wrapper, METH_O, NULL)
#elif defined(CASE_bad_void_arg)
SIG(one, LIST(T_C_VOID), T_C_LONG)
#define ENTRY TYPED_SIG(one, wrapper, METH_O, NULL)
#elif defined(CASE_bad_arity_o)
SIG(two, LIST(T_C_LONG, T_C_LONG), T_C_LONG)
#define ENTRY TYPED_SIG(two, wrapper, METH_O, NULL)
#elif defined(CASE_bad_arity_noargs)
SIG(one, LIST(T_C_LONG), T_C_LONG)
#define ENTRY TYPED_SIG(one, wrapper, METH_NOARGS, NULL)
#else
SIG(none, LIST(), T_C_LONG)
#define ENTRY TYPED_SIG(none, wrapper, METH_NOARGS, NULL)
#endif

static PyMethodDef methods[] = {
    ENTRY,
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef def = {
    PyModuleDef_HEAD_INIT,
    .m_name = STR(MODNAME),
    .m_size = -1,
    .m_methods = methods,
};

/* Silence unused-function warnings for the impls a case does not use. */
void *broken_keep[] = {(void *)one_impl, (void *)two_impl, (void *)nine_impl, (void *)str_impl,
                       (void *)none_impl};

#if defined(CASE_exec_null) || defined(CASE_exec_raises) || defined(CASE_slot_unknown) || \
    defined(CASE_create_twice) || defined(CASE_create_not_module)
static int exec_fails(PyObject *m) {
#if defined(CASE_exec_raises)
    PyErr_SetString(PyExc_ValueError, "exec_raises refuses to run");
#endif
    return -1;
}
static PyObject *create_plain(PyObject *spec, PyModuleDef *d) {
    return PyModule_New(STR(MODNAME));
}
static PyObject *create_int(PyObject *spec, PyModuleDef *d) {
    return PyLong_FromLong(7);
}
/* Each case uses some of these three; the rest would warn as unused. */
void *broken_keep_multi[] = {(void *)exec_fails, (void *)create_plain, (void *)create_int};
static PyModuleDef_Slot slots[] = {
#if defined(CASE_slot_unknown)
    {99, NULL},
#elif defined(CASE_create_twice)
    {Py_mod_create, create_plain},
    {Py_mod_create, create_plain},
#elif defined(CASE_create_not_module)
    {Py_mod_create, create_int},
#else
    {Py_mod_exec, exec_fails},
#endif
    {0, NULL},
};
static struct PyModuleDef multi = {
    PyModuleDef_HEAD_INIT,
    .m_name = STR(MODNAME),
#if defined(CASE_create_not_module)
    .m_size = 8,
#else
    .m_size = 0,
#endif
    .m_methods = methods,
    .m_slots = slots,
};
PyMODINIT_FUNC CAT(PyInit_, MODNAME)(void) { return PyModuleDef_Init(&multi); }
#elif defined(CASE_init_null)
PyMODINIT_FUNC CAT(PyInit_, MODNAME)(void) { return NULL; }
#elif defined(CASE_init_raises)
PyMODINIT_FUNC CAT(PyInit_, MODNAME)(void) {
    PyErr_SetString(PyExc_ImportError, "init_raises refuses to load");
    return NULL;
}
#elif defined(CASE_init_not_module)
PyMODINIT_FUNC CAT(PyInit_, MODNAME)(void) { return PyLong_FromLong(7); }
#elif defined(CASE_no_init)
PyMODINIT_FUNC PyInit_something_else(void) { return PyModule_Create(&def); }
#else
PyMODINIT_FUNC CAT(PyInit_, MODNAME)(void) { return PyModule_Create(&def); }
#endif
