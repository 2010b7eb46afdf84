/*
 * Typed methods: a small, backward-compatible type signature for C functions
 * (Bernstein and Bolz-Tereick, "Dr Wenowdis", SOAP '24).
 *
 * Include it after Python.h. With a runtime that understands typed methods
 * (its Python.h defines METH_TYPED, as Typhon's does), the macros emit the
 * metadata the runtime uses to check and unbox arguments itself and call
 * NAME_impl directly. With CPython's Python.h they emit ordinary
 * PyMethodDef entries, so the same file builds and runs unchanged there.
 *
 *     static long inc_impl(long x) { return x + 1; }
 *     static PyObject *inc(PyObject *self, PyObject *arg) { ... }   // the wrapper
 *     SIG(inc, LIST(T_C_LONG), T_C_LONG)
 *     static PyMethodDef methods[] = {
 *         TYPED_SIG(inc, inc, METH_O, "Add one."),
 *         {NULL, NULL, 0, NULL},
 *     };
 *
 * The wrapper must behave exactly like NAME_impl (same results, same
 * errors): the runtime calls it whenever an argument does not fit the
 * declared types.
 *
 * Signatures. For a module function, NAME_impl takes the declared arguments
 * only (the module is not passed). For a method in a type's tp_methods,
 * NAME_impl takes `PyObject *self` first, then the declared arguments. At
 * most 8 arguments; METH_NOARGS declares none and METH_O exactly one.
 *
 * Types (argument / result):
 *   T_C_LONG     C long      an int or bool that fits / an int
 *   T_C_DOUBLE   C double    a float, or an int (converted) / a float
 *   T_PY_OBJECT  PyObject*   any object, borrowed / a new reference
 *   T_C_BOOL     C int 0/1   an int or bool / a bool
 *   T_C_STR      const char* (argument only) a str without NUL characters,
 *                            borrowed UTF-8, valid during the call
 *   T_C_VOID     (result only) gives None
 *
 * MAY_RAISE(t) marks a result type whose function can raise. The runtime
 * then checks the error sentinel (-1, -1.0, NULL, or for T_C_VOID always)
 * and only then whether an exception is set. A function declared without
 * MAY_RAISE must never set an exception.
 */
#ifndef TYPED_METHODS_H
#define TYPED_METHODS_H

#define T_C_LONG 1
#define T_C_DOUBLE 2
#define T_PY_OBJECT 3
#define T_C_VOID 4
#define T_C_BOOL 5
#define T_C_STR 6

#define MAY_RAISE(t) (-(t))

/* The paper's layout. ml_name of the method's PyMethodDef points at
 * ml_name here; the runtime finds the struct from it with container_of. */
struct PyTypedMethodMetadata {
    int *arg_types; /* ends with -1 */
    int ret_type;   /* negative: can raise */
    void *underlying_func;
    const char ml_name[100];
};
typedef struct PyTypedMethodMetadata PyTypedMethodMetadata;

#ifdef METH_TYPED

/* LIST() with no types declares a function of no arguments. */
#define LIST(...) { __VA_ARGS__ __VA_OPT__(,) -1 }

#define SIG(name, arg_types, ret)                                           \
    static int name##_arg_types[] = arg_types;                              \
    static struct PyTypedMethodMetadata name##_sig = {                      \
        name##_arg_types, (ret), (void *)(name##_impl), #name};

#define TYPED_SIG(name, wrapper, flags, doc)                                \
    {name##_sig.ml_name, (PyCFunction)(void (*)(void))(wrapper),            \
     (flags) | METH_TYPED, (doc)}

#else /* a runtime without typed methods: plain method entries */

#define LIST(...)
#define SIG(name, arg_types, ret)
#define TYPED_SIG(name, wrapper, flags, doc)                                \
    {#name, (PyCFunction)(void (*)(void))(wrapper), (flags), (doc)}

#endif /* METH_TYPED */

#endif /* TYPED_METHODS_H */
