/*
 * getargs.c: argument parsing for C functions, with CPython 3.11's
 * behaviour and messages:
 *  - PyArg_VaParse (behind Python.h's PyArg_ParseTuple),
 *  - PyArg_VaParseTupleAndKeywords (PyArg_ParseTupleAndKeywords),
 *  - the va_list form of PyArg_UnpackTuple,
 * and _typhon_impl_set_api, which Typhon calls once to give this C code
 * (all three files) the API table it calls through.
 *
 * Format units (outputs are borrowed references or pointers into the
 * argument objects, valid while the arguments live):
 *   b (unsigned char, range-checked)  B (unsigned char, masked)
 *   h (short, range-checked)          H (unsigned short, masked)
 *   i (int, range-checked)            I (unsigned int, masked)
 *   l (long)  k (unsigned long, masked; ints only)
 *   L (long long)  K (unsigned long long, masked; ints only)
 *   n (Py_ssize_t)  f (float)  d (double)  p (int: truth value)
 *   c (char: a bytes of length 1)  C (int: a str of length 1)
 *   s  (const char *: UTF-8 of a str without NUL)   z  (also None -> NULL)
 *   s# z# (const char *, Py_ssize_t: a str's UTF-8 or a bytes' contents)
 *   y  (const char *: a bytes without NUL)  y# (const char *, Py_ssize_t)
 *   S (PyObject *: a bytes)  U (PyObject *: a str)  O (PyObject *: any)
 *   O! (PyTypeObject *, PyObject **: an instance of the type)
 *   O& (converter, void *: converter(arg, address) must return nonzero)
 *   (...) a tuple or list of exactly the units inside
 *   | (the rest is optional)  $ (the rest is keyword-only; keywords form)
 *   :name (the function's name for messages)  ;message (replaces them)
 * Lengths after '#' are always Py_ssize_t, as with PY_SSIZE_T_CLEAN.
 *   s* z* (Py_buffer: a str's UTF-8 or a bytes-like object's buffer; z*
 *   also None -> a NULL buffer)  y* (Py_buffer: a bytes-like object)
 *   w* (Py_buffer: a writable bytes-like object); the caller releases a
 *   buffer it got with PyBuffer_Release, and a failed parse releases them
 * Not supported (they fail with CPython's "bad format char" SystemError):
 * the encoding units es et es# et#, D (complex), Y (bytearray), and u Z
 * (Py_UNICODE). A '(...)' group accepts tuples and lists only, where
 * CPython accepts any sequence.
 */
#include "support.h"

void _typhon_impl_set_api(const struct _typhon_api *api) {
    _typhon_api = api;
}

TYPHON_CHECK_SLOT(PyArg_VaParse, _typhon_impl_PyArg_VaParse);
TYPHON_CHECK_SLOT(PyArg_VaParseTupleAndKeywords, _typhon_impl_PyArg_VaParseTupleAndKeywords);
TYPHON_CHECK_SLOT(_Typhon_PyArg_VaUnpackTuple, _typhon_impl_PyArg_VaUnpackTuple);

/* What an O& converter returns to ask to be called again with NULL if the
 * parse fails later (CPython's value; Typhon's header has no macro). */
#define CLEANUP_SUPPORTED 0x20000

/* Nesting depth of '(...)' groups that error messages can describe. */
#define MAX_LEVELS 32

#define IS_END_OF_FORMAT(c) ((c) == '\0' || (c) == ';' || (c) == ':')

/* An ASCII letter (CPython's Py_ISALPHA: format units are letters). */
static int is_alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The converters that asked for cleanup, to call with NULL on failure. */
typedef int (*converter)(PyObject *, void *);
typedef struct {
    converter convert;
    void *address;
} Cleanup;
typedef struct {
    Cleanup *items;
    size_t len;
    size_t cap;
} Freelist;

static int freelist_add(Freelist *fl, converter convert, void *address) {
    if (fl->len == fl->cap) {
        size_t cap = fl->cap == 0 ? 8 : fl->cap * 2;
        Cleanup *p = fl->items == NULL ? PyMem_Malloc(cap * sizeof(Cleanup))
                                       : PyMem_Realloc(fl->items, cap * sizeof(Cleanup));
        if (p == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        fl->items = p;
        fl->cap = cap;
    }
    fl->items[fl->len].convert = convert;
    fl->items[fl->len].address = address;
    fl->len++;
    return 0;
}

/* Returns `ok`, having run the cleanups if it is 0 and freed the list. */
static int clean_return(int ok, Freelist *fl) {
    if (!ok) {
        for (size_t i = 0; i < fl->len; i++) {
            fl->items[i].convert(NULL, fl->items[i].address);
        }
    }
    PyMem_Free(fl->items);
    fl->items = NULL;
    fl->len = fl->cap = 0;
    return ok;
}

/* A conversion's outcome: NULL for success, ERR_SET when the exception is
 * already set, or a message (in the caller's buffer) to build the
 * exception from: "must be <expected>, not <type>", or one starting with
 * '(' for a format error (a SystemError). */
static const char ERR_SET[] = "(error set)";

static const char *convert_error(const char *expected, PyObject *arg, char *msgbuf,
                                 size_t bufsize) {
    if (expected[0] == '(') {
        snprintf(msgbuf, bufsize, "%.100s", expected);
    } else {
        snprintf(msgbuf, bufsize, "must be %.50s, not %.50s", expected, _typhon_type_name(arg));
    }
    return msgbuf;
}

/* Sets the exception for a failed conversion of argument `iarg` (1-based),
 * unless one is already set: "[fname() ]argument N[, item K...] <msg>",
 * or the custom `message` if the format gave one. */
static void set_error(Py_ssize_t iarg, const char *msg, const int *levels, const char *fname,
                      const char *message) {
    char buf[512];
    if (msg == ERR_SET || PyErr_Occurred()) {
        return;
    }
    if (message == NULL) {
        size_t len = 0;
        buf[0] = '\0';
        if (fname != NULL) {
            snprintf(buf, sizeof buf, "%.200s() ", fname);
            len = strlen(buf);
        }
        if (iarg != 0) {
            snprintf(buf + len, sizeof buf - len, "argument %zd", iarg);
            len += strlen(buf + len);
            for (int i = 0; i < MAX_LEVELS && levels[i] > 0 && len < 220; i++) {
                snprintf(buf + len, sizeof buf - len, ", item %d", levels[i] - 1);
                len += strlen(buf + len);
            }
        } else {
            snprintf(buf + len, sizeof buf - len, "argument");
            len += strlen(buf + len);
        }
        snprintf(buf + len, sizeof buf - len, " %.256s", msg);
        message = buf;
    }
    PyErr_SetString(msg[0] == '(' ? PyExc_SystemError : PyExc_TypeError, message);
}

/* Releases a Py_buffer a unit filled, when the parse fails later. */
static int cleanup_buffer(PyObject *arg, void *view) {
    if (arg == NULL) {
        PyBuffer_Release((Py_buffer *)view);
    }
    return 0;
}

/* A C-contiguous buffer of `arg` for s* y* z*: NULL, or the error. */
static const char *get_buffer(PyObject *arg, Py_buffer *view, int flags, char *msgbuf,
                              size_t bufsize) {
    if (PyObject_GetBuffer(arg, view, flags) != 0) {
        if (flags & PyBUF_WRITABLE) {
            PyErr_Clear();
            return convert_error("read-write bytes-like object", arg, msgbuf, bufsize);
        }
        return ERR_SET;
    }
    if (!PyBuffer_IsContiguous(view, 'C')) {
        PyBuffer_Release(view);
        return convert_error("contiguous buffer", arg, msgbuf, bufsize);
    }
    return NULL;
}

/* The error for a non-bytes object where bytes (CPython: any read-only
 * buffer) are required: CPython's "must be read-only bytes-like object"
 * for bytearray (a writable buffer), otherwise the TypeError its buffer
 * protocol raises. */
static const char *not_bytes_like(PyObject *arg, char *msgbuf, size_t bufsize) {
    if (strcmp(Py_TYPE(arg)->tp_name, "bytearray") == 0) {
        return convert_error("read-only bytes-like object", arg, msgbuf, bufsize);
    }
    PyErr_Format(PyExc_TypeError, "a bytes-like object is required, not '%.100s'",
                 Py_TYPE(arg)->tp_name);
    return ERR_SET;
}

/* `arg` (which must support __index__) reduced modulo 2**64, as CPython's
 * PyLong_AsUnsignedLong(Long)Mask. 0, or -1 with an exception. */
static int as_unsigned_mask(PyObject *arg, unsigned long long *out) {
    PyObject *index = PyNumber_Index(arg);
    if (index == NULL) {
        return -1;
    }
    int r = 0;
    long long v = PyLong_AsLongLong(index);
    if (v != -1 || !PyErr_Occurred()) {
        *out = (unsigned long long)v;
    } else if (!PyErr_ExceptionMatches(PyExc_OverflowError)) {
        r = -1;
    } else {
        /* Out of range of long long: index % 2**64 is in [0, 2**64). */
        PyErr_Clear();
        r = -1;
        PyObject *max = PyLong_FromUnsignedLongLong(ULLONG_MAX);
        PyObject *one = PyLong_FromLong(1);
        PyObject *modulus = max != NULL && one != NULL ? PyNumber_Add(max, one) : NULL;
        PyObject *rem = modulus != NULL ? PyNumber_Remainder(index, modulus) : NULL;
        if (rem != NULL) {
            unsigned long long u = PyLong_AsUnsignedLongLong(rem);
            if (u != (unsigned long long)-1 || !PyErr_Occurred()) {
                *out = u;
                r = 0;
            }
        }
        Py_XDECREF(max);
        Py_XDECREF(one);
        Py_XDECREF(modulus);
        Py_XDECREF(rem);
    }
    Py_DECREF(index);
    return r;
}

/* A long from `arg` that must lie in [lo, hi]; range errors are
 * OverflowError("<what> is less than minimum" / "... greater than
 * maximum"). 0, or -1 with an exception. */
static int as_ranged_long(PyObject *arg, long lo, long hi, const char *what, long *out) {
    long v = PyLong_AsLong(arg);
    if (v == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_OverflowError, "%s is %s", what,
                     v < lo ? "less than minimum" : "greater than maximum");
        return -1;
    }
    *out = v;
    return 0;
}

/* Converts `arg` by the simple (non-group) unit at *p_format, storing
 * through the pointers in *va, and advances *p_format past the unit. */
static const char *convert_simple(PyObject *arg, const char **p_format, va_list *va,
                                  char *msgbuf, size_t bufsize, Freelist *fl) {
    const char *format = *p_format;
    char c = *format++;
    long lv;
    unsigned long long mask;

    switch (c) {
    case 'b': {
        unsigned char *p = va_arg(*va, unsigned char *);
        if (as_ranged_long(arg, 0, UCHAR_MAX, "unsigned byte integer", &lv) < 0) {
            return ERR_SET;
        }
        *p = (unsigned char)lv;
        break;
    }
    case 'B': {
        unsigned char *p = va_arg(*va, unsigned char *);
        if (as_unsigned_mask(arg, &mask) < 0) {
            return ERR_SET;
        }
        *p = (unsigned char)mask;
        break;
    }
    case 'h': {
        short *p = va_arg(*va, short *);
        if (as_ranged_long(arg, SHRT_MIN, SHRT_MAX, "signed short integer", &lv) < 0) {
            return ERR_SET;
        }
        *p = (short)lv;
        break;
    }
    case 'H': {
        unsigned short *p = va_arg(*va, unsigned short *);
        if (as_unsigned_mask(arg, &mask) < 0) {
            return ERR_SET;
        }
        *p = (unsigned short)mask;
        break;
    }
    case 'i': {
        int *p = va_arg(*va, int *);
        if (as_ranged_long(arg, INT_MIN, INT_MAX, "signed integer", &lv) < 0) {
            return ERR_SET;
        }
        *p = (int)lv;
        break;
    }
    case 'I': {
        unsigned int *p = va_arg(*va, unsigned int *);
        if (as_unsigned_mask(arg, &mask) < 0) {
            return ERR_SET;
        }
        *p = (unsigned int)mask;
        break;
    }
    case 'l': {
        long *p = va_arg(*va, long *);
        lv = PyLong_AsLong(arg);
        if (lv == -1 && PyErr_Occurred()) {
            return ERR_SET;
        }
        *p = lv;
        break;
    }
    case 'k': {
        unsigned long *p = va_arg(*va, unsigned long *);
        if (!PyLong_Check(arg)) {
            return convert_error("int", arg, msgbuf, bufsize);
        }
        if (as_unsigned_mask(arg, &mask) < 0) {
            return ERR_SET;
        }
        *p = (unsigned long)mask;
        break;
    }
    case 'L': {
        long long *p = va_arg(*va, long long *);
        long long v = PyLong_AsLongLong(arg);
        if (v == -1 && PyErr_Occurred()) {
            return ERR_SET;
        }
        *p = v;
        break;
    }
    case 'K': {
        unsigned long long *p = va_arg(*va, unsigned long long *);
        if (!PyLong_Check(arg)) {
            return convert_error("int", arg, msgbuf, bufsize);
        }
        if (as_unsigned_mask(arg, &mask) < 0) {
            return ERR_SET;
        }
        *p = mask;
        break;
    }
    case 'n': {
        Py_ssize_t *p = va_arg(*va, Py_ssize_t *);
        PyObject *index = PyNumber_Index(arg);
        if (index == NULL) {
            return ERR_SET;
        }
        Py_ssize_t v = PyLong_AsSsize_t(index);
        Py_DECREF(index);
        if (v == -1 && PyErr_Occurred()) {
            return ERR_SET;
        }
        *p = v;
        break;
    }
    case 'f':
    case 'd': {
        void *p = va_arg(*va, void *);
        double v = PyFloat_AsDouble(arg);
        if (v == -1.0 && PyErr_Occurred()) {
            return ERR_SET;
        }
        if (c == 'f') {
            *(float *)p = (float)v;
        } else {
            *(double *)p = v;
        }
        break;
    }
    case 'p': {
        int *p = va_arg(*va, int *);
        int v = PyObject_IsTrue(arg);
        if (v < 0) {
            return ERR_SET;
        }
        *p = v > 0;
        break;
    }
    case 'c': {
        char *p = va_arg(*va, char *);
        if (!PyBytes_Check(arg) || PyBytes_Size(arg) != 1) {
            return convert_error("a byte string of length 1", arg, msgbuf, bufsize);
        }
        *p = PyBytes_AsString(arg)[0];
        break;
    }
    case 'C': {
        int *p = va_arg(*va, int *);
        if (!PyUnicode_Check(arg) || PyUnicode_GetLength(arg) != 1) {
            return convert_error("a unicode character", arg, msgbuf, bufsize);
        }
        Py_ssize_t n;
        const char *s = PyUnicode_AsUTF8AndSize(arg, &n);
        if (s == NULL) {
            return ERR_SET;
        }
        int len;
        *p = (int)_typhon_utf8_decode(s, n, &len);
        break;
    }
    case 's':
    case 'z':
    case 'y':
    case 'w':
        if (*format == '*') {
            Py_buffer *view = va_arg(*va, Py_buffer *);
            const char *msg = NULL;
            format++;
            if (c == 'z' && arg == Py_None) {
                PyBuffer_FillInfo(view, NULL, NULL, 0, 1, 0);
            } else if ((c == 's' || c == 'z') && PyUnicode_Check(arg)) {
                Py_ssize_t len;
                const char *s = PyUnicode_AsUTF8AndSize(arg, &len);
                if (s == NULL) {
                    return convert_error("(unicode conversion error)", arg, msgbuf, bufsize);
                }
                PyBuffer_FillInfo(view, arg, (void *)s, len, 1, 0);
            } else {
                msg = get_buffer(arg, view, c == 'w' ? PyBUF_WRITABLE : PyBUF_SIMPLE, msgbuf,
                                 bufsize);
            }
            if (msg != NULL) {
                return msg;
            }
            if (freelist_add(fl, cleanup_buffer, view) < 0) {
                PyBuffer_Release(view);
                return ERR_SET;
            }
            break;
        } else if (c == 'w') {
            return convert_error("(invalid use of 'w' format character)", arg, msgbuf, bufsize);
        }
        {
        const char **p = va_arg(*va, const char **);
        Py_ssize_t *psize = NULL;
        if (*format == '#') {
            psize = va_arg(*va, Py_ssize_t *);
            format++;
        }
        const char *data;
        Py_ssize_t len;
        if (c == 'z' && arg == Py_None) {
            data = NULL;
            len = 0;
        } else if (c != 'y' && PyUnicode_Check(arg)) {
            data = PyUnicode_AsUTF8AndSize(arg, &len);
            if (data == NULL) {
                return convert_error("(unicode conversion error)", arg, msgbuf, bufsize);
            }
        } else if (PyBytes_Check(arg) && (c == 'y' || psize != NULL)) {
            /* y, y#, and s# / z# given bytes (CPython: any read-only
             * buffer; Typhon has no buffer protocol yet). */
            char *b;
            if (PyBytes_AsStringAndSize(arg, &b, &len) < 0) {
                return ERR_SET;
            }
            data = b;
        } else if (c == 'y' || psize != NULL) {
            return not_bytes_like(arg, msgbuf, bufsize);
        } else {
            return convert_error(c == 'z' ? "str or None" : "str", arg, msgbuf, bufsize);
        }
        if (psize != NULL) {
            *psize = len;
        } else if (data != NULL && strlen(data) != (size_t)len) {
            PyErr_SetString(PyExc_ValueError,
                            c == 'y' ? "embedded null byte" : "embedded null character");
            return ERR_SET;
        }
        *p = data;
        break;
    }
    case 'S':
    case 'U': {
        PyObject **p = va_arg(*va, PyObject **);
        if (c == 'S' ? !PyBytes_Check(arg) : !PyUnicode_Check(arg)) {
            return convert_error(c == 'S' ? "bytes" : "str", arg, msgbuf, bufsize);
        }
        *p = arg;
        break;
    }
    case 'O':
        if (*format == '!') {
            PyTypeObject *type = va_arg(*va, PyTypeObject *);
            PyObject **p = va_arg(*va, PyObject **);
            format++;
            if (type == NULL) {
                PyErr_BadInternalCall();
                return ERR_SET;
            }
            if (!PyObject_TypeCheck(arg, type)) {
                return convert_error(type->tp_name, arg, msgbuf, bufsize);
            }
            *p = arg;
        } else if (*format == '&') {
            converter convert = va_arg(*va, converter);
            void *address = va_arg(*va, void *);
            format++;
            int res = convert(arg, address);
            if (res == 0) {
                return convert_error("(unspecified)", arg, msgbuf, bufsize);
            }
            if (res == CLEANUP_SUPPORTED && freelist_add(fl, convert, address) < 0) {
                convert(NULL, address);
                return ERR_SET;
            }
        } else {
            PyObject **p = va_arg(*va, PyObject **);
            *p = arg;
        }
        break;
    default:
        return convert_error("(impossible<bad format char>)", arg, msgbuf, bufsize);
    }

    *p_format = format;
    return NULL;
}

static const char *convert_item(PyObject *arg, const char **p_format, va_list *va,
                                int *levels, int depth, char *msgbuf, size_t bufsize,
                                Freelist *fl);

/* Converts `arg` by the group whose units start at *p_format (just after
 * its '('), leaving *p_format at the ')'. `levels` records which item
 * failed, for the message; `depth` is the group's nesting level. */
static const char *convert_group(PyObject *arg, const char **p_format, va_list *va,
                                 int *levels, int depth, char *msgbuf, size_t bufsize,
                                 Freelist *fl) {
    const char *format = *p_format;
    int level = 0, n = 0;
    for (;;) {
        char c = *format++;
        if (c == '(') {
            if (level == 0) {
                n++;
            }
            level++;
        } else if (c == ')') {
            if (level == 0) {
                break;
            }
            level--;
        } else if (IS_END_OF_FORMAT(c)) {
            break;
        } else if (level == 0 && is_alpha(c) && c != 'e') {
            n++;
        }
    }
    if (depth >= MAX_LEVELS - 1) {
        /* CPython aborts the process on this format error. */
        PyErr_SetString(PyExc_SystemError,
                        "too many tuple nesting levels in argument format string");
        return ERR_SET;
    }

    int is_tuple = PyTuple_Check(arg);
    if (!is_tuple && !PyList_Check(arg)) {
        levels[0] = 0;
        snprintf(msgbuf, bufsize, "must be %d-item sequence, not %.50s", n,
                 _typhon_type_name(arg));
        return msgbuf;
    }
    Py_ssize_t len = is_tuple ? PyTuple_Size(arg) : PyList_Size(arg);
    if (len != n) {
        levels[0] = 0;
        snprintf(msgbuf, bufsize, "must be sequence of length %d, not %zd", n, len);
        return msgbuf;
    }

    format = *p_format;
    for (int i = 0; i < n; i++) {
        PyObject *item = is_tuple ? PyTuple_GetItem(arg, i) : PyList_GetItem(arg, i);
        if (item == NULL) {
            return ERR_SET;
        }
        const char *msg =
            convert_item(item, &format, va, levels + 1, depth + 1, msgbuf, bufsize, fl);
        if (msg != NULL) {
            levels[0] = i + 1;
            return msg;
        }
    }
    *p_format = format;
    return NULL;
}

/* Converts `arg` by the unit or group at *p_format, advancing past it.
 * `levels` (MAX_LEVELS entries from the top) receives the path to a
 * failing item inside groups, zero-terminated. */
static const char *convert_item(PyObject *arg, const char **p_format, va_list *va,
                                int *levels, int depth, char *msgbuf, size_t bufsize,
                                Freelist *fl) {
    const char *format = *p_format;
    const char *msg;
    if (*format == '(') {
        format++;
        msg = convert_group(arg, &format, va, levels, depth, msgbuf, bufsize, fl);
        if (msg == NULL) {
            format++;
        }
    } else {
        msg = convert_simple(arg, &format, va, msgbuf, bufsize, fl);
        if (msg != NULL) {
            levels[0] = 0;
        }
    }
    if (msg == NULL) {
        *p_format = format;
    }
    return msg;
}

/* Steps over the unit at *p_format, reading (and ignoring) its pointers
 * from *va; for keyword arguments that were not given. NULL, or a message
 * for a malformed format. */
static const char *skip_item(const char **p_format, va_list *va, int depth) {
    const char *format = *p_format;
    char c = *format++;
    switch (c) {
    case 'b': case 'B': case 'h': case 'H': case 'i': case 'I':
    case 'l': case 'k': case 'L': case 'K': case 'n': case 'f': case 'd':
    case 'D': case 'c': case 'C': case 'p': case 'S': case 'Y': case 'U':
        (void)va_arg(*va, void *);
        break;
    case 'e':
        (void)va_arg(*va, const char *);
        if (*format != 's' && *format != 't') {
            return "impossible<bad format char>";
        }
        format++;
        /* fall through */
    case 's': case 'z': case 'y': case 'w': case 'u': case 'Z':
        (void)va_arg(*va, char **);
        if (*format == '#') {
            (void)va_arg(*va, Py_ssize_t *);
            format++;
        } else if ((c == 's' || c == 'z' || c == 'y' || c == 'w') && *format == '*') {
            format++;
        }
        break;
    case 'O':
        if (*format == '!') {
            (void)va_arg(*va, PyTypeObject *);
            (void)va_arg(*va, PyObject **);
            format++;
        } else if (*format == '&') {
            (void)va_arg(*va, converter);
            (void)va_arg(*va, void *);
            format++;
        } else {
            (void)va_arg(*va, PyObject **);
        }
        break;
    case '(':
        if (depth >= MAX_LEVELS - 1) {
            return "too many tuple nesting levels in argument format string";
        }
        while (*format != ')') {
            if (IS_END_OF_FORMAT(*format)) {
                return "Unmatched left paren in format string";
            }
            const char *msg = skip_item(&format, va, depth + 1);
            if (msg != NULL) {
                return msg;
            }
        }
        format++;
        break;
    case ')':
        return "Unmatched right paren in format string";
    default:
        return "impossible<bad format char>";
    }
    *p_format = format;
    return NULL;
}

/* ----- PyArg_ParseTuple ---------------------------------------------------------------------- */

static int parse_tuple(PyObject *args, const char *format, va_list *va) {
    const char *fname = NULL, *message = NULL;
    int min = -1, max = 0, level = 0;
    char msgbuf[256];
    int levels[MAX_LEVELS];
    Freelist fl = {NULL, 0, 0};

    if (args == NULL || format == NULL) {
        PyErr_BadInternalCall();
        return 0;
    }
    if (!PyTuple_Check(args)) {
        PyErr_SetString(PyExc_SystemError,
                        "new style getargs format but argument is not a tuple");
        return 0;
    }

    /* Count the units at the top level, find where the optional ones
     * start, and the ':name' or ';message' suffix. */
    for (const char *f = format; fname == NULL && message == NULL;) {
        char c = *f++;
        if (c == '\0') {
            break;
        } else if (c == '(') {
            if (level == 0) {
                max++;
            }
            level++;
            if (level >= 30) {
                /* CPython aborts the process on this format error. */
                PyErr_SetString(PyExc_SystemError,
                                "too many tuple nesting levels in argument format string");
                return 0;
            }
        } else if (c == ')') {
            if (level == 0) {
                PyErr_SetString(PyExc_SystemError, "excess ')' in getargs format");
                return 0;
            }
            level--;
        } else if (c == ':') {
            fname = f;
        } else if (c == ';') {
            message = f;
        } else if (c == '|') {
            if (level == 0) {
                min = max;
            }
        } else if (level == 0 && is_alpha(c) && c != 'e') {
            max++;
        }
    }
    if (level != 0) {
        PyErr_SetString(PyExc_SystemError, "missing ')' in getargs format");
        return 0;
    }
    if (min < 0) {
        min = max;
    }

    Py_ssize_t nargs = PyTuple_Size(args);
    if (nargs < min || max < nargs) {
        if (message == NULL) {
            int expected = nargs < min ? min : max;
            PyErr_Format(PyExc_TypeError, "%.150s%s takes %s %d argument%s (%zd given)",
                         fname == NULL ? "function" : fname, fname == NULL ? "" : "()",
                         min == max ? "exactly" : nargs < min ? "at least" : "at most",
                         expected, expected == 1 ? "" : "s", nargs);
        } else {
            PyErr_SetString(PyExc_TypeError, message);
        }
        return 0;
    }

    const char *f = format;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        if (*f == '|') {
            f++;
        }
        PyObject *arg = PyTuple_GetItem(args, i);
        if (arg == NULL) {
            return clean_return(0, &fl);
        }
        const char *msg = convert_item(arg, &f, va, levels, 0, msgbuf, sizeof msgbuf, &fl);
        if (msg != NULL) {
            set_error(i + 1, msg, levels, fname, message);
            return clean_return(0, &fl);
        }
    }

    if (*f != '\0' && !is_alpha(*f) && *f != '(' && *f != '|' && *f != ':' &&
        *f != ';') {
        PyErr_Format(PyExc_SystemError, "bad format string: %.200s", format);
        return clean_return(0, &fl);
    }
    return clean_return(1, &fl);
}

int _typhon_impl_PyArg_VaParse(PyObject *args, const char *format, va_list va) {
    va_list ap;
    va_copy(ap, va);
    int r = parse_tuple(args, format, &ap);
    va_end(ap);
    return r;
}

/* ----- PyArg_ParseTupleAndKeywords ----------------------------------------------------------- */

/* "fname()" or "function" (or "this function") for messages. */
#define FNAME(fname, dflt) ((fname) == NULL ? (dflt) : (fname)), ((fname) == NULL ? "" : "()")

static int parse_keywords(PyObject *args, PyObject *kwargs, const char *format, char **kwlist,
                          va_list *va) {
    char msgbuf[512];
    int levels[MAX_LEVELS];
    const char *fname, *custom_msg = NULL;
    int min = INT_MAX, max = INT_MAX;
    int i, pos, len;
    int skip = 0;
    Freelist fl = {NULL, 0, 0};

    if (args == NULL || !PyTuple_Check(args) || (kwargs != NULL && !PyDict_Check(kwargs)) ||
        format == NULL || kwlist == NULL) {
        PyErr_BadInternalCall();
        return 0;
    }

    /* The function name or the custom message (mutually exclusive). */
    fname = strchr(format, ':');
    if (fname != NULL) {
        fname++;
    } else {
        custom_msg = strchr(format, ';');
        if (custom_msg != NULL) {
            custom_msg++;
        }
    }

    /* Leading empty names are positional-only parameters. */
    for (pos = 0; kwlist[pos] != NULL && *kwlist[pos] == '\0'; pos++) {
    }
    for (len = pos; kwlist[len] != NULL; len++) {
        if (*kwlist[len] == '\0') {
            PyErr_SetString(PyExc_SystemError, "Empty keyword parameter name");
            return 0;
        }
    }

    Py_ssize_t nargs = PyTuple_Size(args);
    Py_ssize_t nkwargs = kwargs == NULL ? 0 : PyDict_Size(kwargs);
    if (nargs + nkwargs > len) {
        /* "keyword" when nargs == 0 avoids misleading messages
         * (CPython's bpo-31229). */
        PyErr_Format(PyExc_TypeError, "%.200s%s takes at most %d %sargument%s (%zd given)",
                     FNAME(fname, "function"), len, nargs == 0 ? "keyword " : "",
                     len == 1 ? "" : "s", nargs + nkwargs);
        return 0;
    }

    /* Convert positional and keyword arguments in one pass over kwlist. */
    for (i = 0; i < len; i++) {
        if (*format == '|') {
            if (min != INT_MAX) {
                PyErr_SetString(PyExc_SystemError, "Invalid format string (| specified twice)");
                return clean_return(0, &fl);
            }
            min = i;
            format++;
            if (max != INT_MAX) {
                PyErr_SetString(PyExc_SystemError, "Invalid format string ($ before |)");
                return clean_return(0, &fl);
            }
        }
        if (*format == '$') {
            if (max != INT_MAX) {
                PyErr_SetString(PyExc_SystemError, "Invalid format string ($ specified twice)");
                return clean_return(0, &fl);
            }
            max = i;
            format++;
            if (max < pos) {
                PyErr_SetString(PyExc_SystemError, "Empty parameter name after $");
                return clean_return(0, &fl);
            }
            if (skip) {
                /* Now the minimum and maximum numbers of positional
                 * arguments are known: report below. */
                break;
            }
            if (max < nargs) {
                if (max == 0) {
                    PyErr_Format(PyExc_TypeError, "%.200s%s takes no positional arguments",
                                 FNAME(fname, "function"));
                } else {
                    PyErr_Format(PyExc_TypeError,
                                 "%.200s%s takes %s %d positional argument%s (%zd given)",
                                 FNAME(fname, "function"),
                                 min != INT_MAX ? "at most" : "exactly", max,
                                 max == 1 ? "" : "s", nargs);
                }
                return clean_return(0, &fl);
            }
        }
        if (IS_END_OF_FORMAT(*format)) {
            PyErr_Format(PyExc_SystemError,
                         "More keyword list entries (%d) than format specifiers (%d)", len, i);
            return clean_return(0, &fl);
        }
        if (!skip) {
            PyObject *current = NULL;
            if (i < nargs) {
                current = PyTuple_GetItem(args, i);
                if (current == NULL) {
                    return clean_return(0, &fl);
                }
            } else if (nkwargs != 0 && i >= pos) {
                current = PyDict_GetItemString(kwargs, kwlist[i]);
                if (current != NULL) {
                    --nkwargs;
                } else if (PyErr_Occurred()) {
                    return clean_return(0, &fl);
                }
            }

            if (current != NULL) {
                const char *msg = convert_item(current, &format, va, levels, 0, msgbuf,
                                               sizeof msgbuf, &fl);
                if (msg != NULL) {
                    set_error(i + 1, msg, levels, fname, custom_msg);
                    return clean_return(0, &fl);
                }
                continue;
            }

            if (i < min) {
                if (i < pos) {
                    /* A missing positional-only argument: the message needs
                     * the numbers of positional arguments, known at '|',
                     * '$' or the end. */
                    skip = 1;
                } else {
                    PyErr_Format(PyExc_TypeError,
                                 "%.200s%s missing required argument '%s' (pos %d)",
                                 FNAME(fname, "function"), kwlist[i], i + 1);
                    return clean_return(0, &fl);
                }
            }
            /* As CPython: done once every required argument is there and
             * no keyword is left, without checking the rest of the format. */
            if (nkwargs == 0 && !skip) {
                return clean_return(1, &fl);
            }
        }

        /* An optional argument not given: step over its unit. */
        const char *msg = skip_item(&format, va, 0);
        if (msg != NULL) {
            PyErr_Format(PyExc_SystemError, "%s: '%s'", msg, format);
            return clean_return(0, &fl);
        }
    }

    if (skip) {
        int npos = pos < min ? pos : min;
        PyErr_Format(PyExc_TypeError, "%.200s%s takes %s %d positional argument%s (%zd given)",
                     FNAME(fname, "function"), npos < i ? "at least" : "exactly", npos,
                     npos == 1 ? "" : "s", nargs);
        return clean_return(0, &fl);
    }

    if (!IS_END_OF_FORMAT(*format) && *format != '|' && *format != '$') {
        PyErr_Format(PyExc_SystemError,
                     "more argument specifiers than keyword list entries "
                     "(remaining format:'%s')",
                     format);
        return clean_return(0, &fl);
    }

    if (nkwargs > 0) {
        /* An argument given both by position and by name? */
        for (i = pos; i < nargs; i++) {
            if (PyDict_GetItemString(kwargs, kwlist[i]) != NULL) {
                PyErr_Format(PyExc_TypeError,
                             "argument for %.200s%s given by name ('%s') and position (%d)",
                             FNAME(fname, "function"), kwlist[i], i + 1);
                return clean_return(0, &fl);
            }
            if (PyErr_Occurred()) {
                return clean_return(0, &fl);
            }
        }
        /* A keyword that names no parameter? */
        Py_ssize_t j = 0;
        PyObject *key, *value;
        while (PyDict_Next(kwargs, &j, &key, &value)) {
            if (!PyUnicode_Check(key)) {
                PyErr_SetString(PyExc_TypeError, "keywords must be strings");
                return clean_return(0, &fl);
            }
            int match = 0;
            for (i = pos; i < len; i++) {
                if (PyUnicode_CompareWithASCIIString(key, kwlist[i]) == 0) {
                    match = 1;
                    break;
                }
            }
            if (!match) {
                PyErr_Format(PyExc_TypeError, "'%U' is an invalid keyword argument for %.200s%s",
                             key, FNAME(fname, "this function"));
                return clean_return(0, &fl);
            }
        }
        /* Extra keywords, but which is unknown (as CPython). */
        PyErr_Format(PyExc_TypeError, "invalid keyword argument for %.200s%s",
                     FNAME(fname, "this function"));
        return clean_return(0, &fl);
    }

    return clean_return(1, &fl);
}

int _typhon_impl_PyArg_VaParseTupleAndKeywords(PyObject *args, PyObject *kw,
                                               const char *format, char **kwlist,
                                               va_list va) {
    va_list ap;
    va_copy(ap, va);
    int r = parse_keywords(args, kw, format, kwlist, &ap);
    va_end(ap);
    return r;
}

/* ----- PyArg_UnpackTuple ------------------------------------------------------------------- */

int _typhon_impl_PyArg_VaUnpackTuple(PyObject *args, const char *name, Py_ssize_t min,
                                     Py_ssize_t max, va_list va) {
    if (args == NULL) {
        PyErr_BadInternalCall();
        return 0;
    }
    if (!PyTuple_Check(args)) {
        PyErr_SetString(PyExc_SystemError, "PyArg_UnpackTuple() argument list is not a tuple");
        return 0;
    }
    Py_ssize_t nargs = PyTuple_Size(args);
    if (nargs < min || nargs > max) {
        int few = nargs < min;
        Py_ssize_t bound = few ? min : max;
        const char *qualifier = min == max ? "" : few ? "at least " : "at most ";
        if (name != NULL) {
            PyErr_Format(PyExc_TypeError, "%.200s expected %s%zd argument%s, got %zd", name,
                         qualifier, bound, bound == 1 ? "" : "s", nargs);
        } else {
            PyErr_Format(PyExc_TypeError,
                         "unpacked tuple should have %s%zd element%s, but has %zd", qualifier,
                         bound, bound == 1 ? "" : "s", nargs);
        }
        return 0;
    }
    va_list ap;
    va_copy(ap, va);
    for (Py_ssize_t i = 0; i < nargs; i++) {
        PyObject **p = va_arg(ap, PyObject **);
        PyObject *item = PyTuple_GetItem(args, i);
        if (item == NULL) {
            va_end(ap);
            return 0;
        }
        *p = item;
    }
    va_end(ap);
    return 1;
}
