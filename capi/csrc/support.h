/*
 * Internal header of Typhon's C support code (getargs.c, buildvalue.c,
 * format.c): the prototypes of the functions the API table points to, a
 * compile-time check that each matches its table slot, and small helpers
 * the files share. Not installed for extensions.
 */
#ifndef TYPHON_CSRC_SUPPORT_H
#define TYPHON_CSRC_SUPPORT_H

#include "Python.h"

/* ----- entry points (named in the `c { ... }` section of capi/src/api.rs) ---------- */

/* getargs.c */
void _typhon_impl_set_api(const struct _typhon_api *api);
int _typhon_impl_PyArg_VaParse(PyObject *args, const char *format, va_list va);
int _typhon_impl_PyArg_VaParseTupleAndKeywords(PyObject *args, PyObject *kw,
                                               const char *format, char **kwlist,
                                               va_list va);
int _typhon_impl_PyArg_VaUnpackTuple(PyObject *args, const char *name, Py_ssize_t min,
                                     Py_ssize_t max, va_list va);

/* buildvalue.c */
PyObject *_typhon_impl_Py_VaBuildValue(const char *format, va_list va);
PyObject *_typhon_impl_PyTuple_PackV(Py_ssize_t n, va_list va);
PyObject *_typhon_impl_CallFunctionV(PyObject *callable, const char *format, va_list va);
PyObject *_typhon_impl_CallMethodV(PyObject *obj, const char *name, const char *format,
                                   va_list va);
PyObject *_typhon_impl_CallFunctionObjArgsV(PyObject *callable, va_list va);
PyObject *_typhon_impl_CallMethodObjArgsV(PyObject *obj, PyObject *name, va_list va);

/* format.c */
PyObject *_typhon_impl_PyUnicode_FromFormatV(const char *format, va_list va);
PyObject *_typhon_impl_PyErr_FormatV(PyObject *exc, const char *format, va_list va);

/* Fails the build if `impl` does not have exactly the type of the table's
 * `slot` (the table and its header are generated from api.rs). */
#define TYPHON_CHECK_SLOT(slot, impl)                                            \
    _Static_assert(__builtin_types_compatible_p(                                 \
                       __typeof__(((struct _typhon_api *)0)->slot),              \
                       __typeof__(&impl)),                                       \
                   #impl " does not match the API table's " #slot)

/* ----- shared helpers ---------------------------------------------------------------- */

/* PyErr_BadInternalCall() names the file as CPython names its own
 * ("Objects/longobject.c:466: ..."), relative to the repository rather than
 * with the build directory's absolute path. */
#ifdef __FILE_NAME__
#undef PyErr_BadInternalCall
#define PyErr_BadInternalCall() _PyErr_BadInternalCall("capi/csrc/" __FILE_NAME__, __LINE__)
#endif

/* The name CPython's messages use for the type of `o`. */
static inline const char *_typhon_type_name(PyObject *o) {
    return o == Py_None ? "None" : Py_TYPE(o)->tp_name;
}

/* The length of the UTF-8 sequence that starts with byte `b` (1 for a
 * stray continuation byte, so that a scan always advances). Only for text
 * known to be valid UTF-8, such as a str's contents. */
static inline int _typhon_utf8_seq_len(unsigned char b) {
    if (b < 0xC0) {
        return 1;
    }
    if (b < 0xE0) {
        return 2;
    }
    if (b < 0xF0) {
        return 3;
    }
    return 4;
}

/* Decodes the code point at s[0..n) (valid UTF-8, n >= 1), storing its
 * length in bytes in *len. */
static inline unsigned int _typhon_utf8_decode(const char *s, Py_ssize_t n, int *len) {
    const unsigned char *u = (const unsigned char *)s;
    int k = _typhon_utf8_seq_len(u[0]);
    if (k > n) {
        k = (int)n;
    }
    unsigned int cp;
    switch (k) {
    case 1:
        cp = u[0];
        break;
    case 2:
        cp = ((u[0] & 0x1Fu) << 6) | (u[1] & 0x3Fu);
        break;
    case 3:
        cp = ((u[0] & 0x0Fu) << 12) | ((u[1] & 0x3Fu) << 6) | (u[2] & 0x3Fu);
        break;
    default:
        cp = ((u[0] & 0x07u) << 18) | ((u[1] & 0x3Fu) << 12) | ((u[2] & 0x3Fu) << 6) |
             (u[3] & 0x3Fu);
        break;
    }
    *len = k;
    return cp;
}

#endif /* TYPHON_CSRC_SUPPORT_H */
