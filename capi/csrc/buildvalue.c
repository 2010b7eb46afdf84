/*
 * buildvalue.c: Py_VaBuildValue (behind Python.h's Py_BuildValue) and the
 * functions built on it or on plain argument lists: PyObject_CallFunction,
 * PyObject_CallMethod, PyObject_CallFunctionObjArgs,
 * PyObject_CallMethodObjArgs and PyTuple_Pack, with CPython 3.11's
 * behaviour.
 *
 * Py_BuildValue format units:
 *   b B h i   int                    -> int
 *   H I       unsigned int           -> int
 *   l k L K n long, unsigned long, long long, unsigned long long, Py_ssize_t
 *   f d       double (a float argument is promoted) -> float
 *   c         int                    -> bytes of length 1
 *   C         int code point         -> str of length 1
 *   s z U     const char * (UTF-8)   -> str, or None for NULL
 *   y         const char *           -> bytes, or None for NULL
 *             (s z U y take a following '#' and a Py_ssize_t length)
 *   O S       PyObject * (new reference)
 *   N         PyObject * (the reference is stolen)
 *   O&        converter, void *      -> converter(arg)
 *   (...) [...] {...}  tuple, list, dict of the units inside
 * Spaces, tabs, ',' and ':' separate units and are skipped. A format with
 * no units gives None, one unit gives that object, several give a tuple.
 *
 * On an error, the remaining units are still read (and their objects made
 * and dropped) so that no reference passed with 'N' leaks, as in CPython.
 */
#include "support.h"

TYPHON_CHECK_SLOT(Py_VaBuildValue, _typhon_impl_Py_VaBuildValue);
TYPHON_CHECK_SLOT(_Typhon_PyTuple_PackV, _typhon_impl_PyTuple_PackV);
TYPHON_CHECK_SLOT(_Typhon_CallFunctionV, _typhon_impl_CallFunctionV);
TYPHON_CHECK_SLOT(_Typhon_CallMethodV, _typhon_impl_CallMethodV);
TYPHON_CHECK_SLOT(_Typhon_CallFunctionObjArgsV, _typhon_impl_CallFunctionObjArgsV);
TYPHON_CHECK_SLOT(_Typhon_CallMethodObjArgsV, _typhon_impl_CallMethodObjArgsV);

static PyObject *make_value(const char **p_format, va_list *va);

/* The number of values the format makes before `endchar` at nesting level
 * 0; -1 with SystemError if a bracket is not closed. */
static Py_ssize_t count_format(const char *format, char endchar) {
    Py_ssize_t count = 0;
    int level = 0;
    while (level > 0 || *format != endchar) {
        switch (*format) {
        case '\0':
            PyErr_SetString(PyExc_SystemError, "unmatched paren in format");
            return -1;
        case '(':
        case '[':
        case '{':
            if (level == 0) {
                count++;
            }
            level++;
            break;
        case ')':
        case ']':
        case '}':
            level--;
            break;
        case '#':
        case '&':
        case ',':
        case ':':
        case ' ':
        case '\t':
            break;
        default:
            if (level == 0) {
                count++;
            }
        }
        format++;
    }
    return count;
}

/* Separators between units. */
static int is_separator(char c) {
    return c == ',' || c == ':' || c == ' ' || c == '\t';
}

static int is_closer(char c) {
    return c == ')' || c == ']' || c == '}';
}

static void skip_separators(const char **p_format) {
    while (is_separator(**p_format)) {
        ++*p_format;
    }
}

/* After an error: reads the values left before `endchar` (dropping what
 * they make, so that references passed with 'N' are released) and steps
 * over `endchar`, keeping the pending exception. */
static void skip_rest(const char **p_format, va_list *va, char endchar) {
    for (;;) {
        skip_separators(p_format);
        char c = **p_format;
        if (c == endchar) {
            if (endchar != '\0') {
                ++*p_format;
            }
            return;
        }
        if (c == '\0' || is_closer(c)) {
            return;
        }
        PyObject *t, *v, *tb;
        PyErr_Fetch(&t, &v, &tb);
        PyObject *item = make_value(p_format, va);
        PyErr_Restore(t, v, tb);
        Py_XDECREF(item);
    }
}

/* Checks that the format is at `endchar` after a container's `n` items,
 * and steps over it. 0, or -1 with SystemError. */
static int close_container(const char **p_format, char endchar) {
    if (**p_format != endchar) {
        PyErr_SetString(PyExc_SystemError, "Unmatched paren in format");
        return -1;
    }
    if (endchar != '\0') {
        ++*p_format;
    }
    return 0;
}

/* Releases the objects among `n` gathered items. */
static void drop_items(_TyphonItem *items, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++) {
        if (items[i].kind == _TYPHON_ITEM_OBJECT) {
            Py_DECREF(items[i].v.o);
        }
    }
}

/* Reads the next unit (after any separators) into `item`: a signed number
 * unit's value as it is, to be stored unboxed, and anything else as
 * make_value makes it. 0, or -1 with an error and nothing in `item`. */
static int gather_value(const char **p_format, va_list *va, _TyphonItem *item) {
    skip_separators(p_format);
    long long i;
    switch (**p_format) {
    case 'b':
    case 'B':
    case 'h':
    case 'i':
        i = va_arg(*va, int);
        break;
    case 'H':
    case 'I':
        i = va_arg(*va, unsigned int);
        break;
    case 'n':
        i = va_arg(*va, Py_ssize_t);
        break;
    case 'l':
        i = va_arg(*va, long);
        break;
    case 'L':
        i = va_arg(*va, long long);
        break;
    case 'f':
    case 'd':
        ++*p_format;
        item->kind = _TYPHON_ITEM_DOUBLE;
        item->v.d = va_arg(*va, double);
        return 0;
    default:
        /* Unsigned 64-bit units may not fit a signed value: made as objects. */
        item->kind = _TYPHON_ITEM_OBJECT;
        item->v.o = make_value(p_format, va);
        return item->v.o == NULL ? -1 : 0;
    }
    ++*p_format;
    item->kind = _TYPHON_ITEM_LONG;
    item->v.i = i;
    return 0;
}

/* The object for a gathered item (a new reference), or NULL with an error. */
static PyObject *box_item(const _TyphonItem *item) {
    switch (item->kind) {
    case _TYPHON_ITEM_LONG:
        return PyLong_FromLongLong(item->v.i);
    case _TYPHON_ITEM_DOUBLE:
        return PyFloat_FromDouble(item->v.d);
    default:
        return item->v.o;
    }
}

/* A tuple (or, with `as_list`, a list) of the `made` gathered `items`
 * (their objects stolen) and the `rest` values still to come before
 * `endchar`. */
static PyObject *make_sequence(const char **p_format, va_list *va, char endchar,
                               _TyphonItem *items, Py_ssize_t made, Py_ssize_t rest,
                               int as_list) {
    Py_ssize_t n = made + rest;
    PyObject *seq = as_list ? PyList_New(n) : PyTuple_New(n);
    if (seq == NULL) {
        drop_items(items, made);
        skip_rest(p_format, va, endchar);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = i < made ? box_item(&items[i]) : make_value(p_format, va);
        if (item == NULL) {
            if (i < made) {
                drop_items(items + i + 1, made - i - 1);
            }
            skip_rest(p_format, va, endchar);
            Py_DECREF(seq);
            return NULL;
        }
        if (as_list) {
            PyList_SET_ITEM(seq, i, item);
        } else {
            PyTuple_SET_ITEM(seq, i, item);
        }
    }
    if (close_container(p_format, endchar) < 0) {
        Py_DECREF(seq);
        return NULL;
    }
    return seq;
}

/* The most values gathered before their tuple or list is made. */
#define GATHERED_MAX 8

/* A tuple (or, with `as_list`, a list) of the values up to `endchar`,
 * after the value already made in `first` (stolen; may be NULL).
 *
 * The values are gathered first and the container is made from them, so
 * the format is read once; numbers are gathered unboxed and stored so.
 * CPython counts the units before making anything; the count is only
 * needed here for more than GATHERED_MAX values, or to tell CPython's two
 * bracket errors apart. */
/* Not inlined into make_value: its item loop would make every call of
 * make_value save and restore registers that a scalar unit does not need. */
__attribute__((noinline)) static PyObject *make_container(const char **p_format, va_list *va,
                                                          char endchar, PyObject *first,
                                                          int as_list) {
    _TyphonItem items[GATHERED_MAX];
    Py_ssize_t made = 0;
    if (first != NULL) {
        items[made].kind = _TYPHON_ITEM_OBJECT;
        items[made++].v.o = first;
    }
    for (;;) {
        skip_separators(p_format);
        char c = **p_format;
        if (c == endchar) {
            break;
        }
        if (c == '\0' || is_closer(c)) {
            drop_items(items, made);
            /* CPython's count sees a format that ends inside the brackets
             * first, whatever else is wrong with it. */
            if (count_format(*p_format, endchar) >= 0) {
                PyErr_SetString(PyExc_SystemError, "Unmatched paren in format");
            }
            return NULL;
        }
        if (made == GATHERED_MAX) {
            Py_ssize_t rest = count_format(*p_format, endchar);
            if (rest < 0) {
                drop_items(items, made);
                return NULL;
            }
            return make_sequence(p_format, va, endchar, items, made, rest, as_list);
        }
        if (gather_value(p_format, va, &items[made]) < 0) {
            drop_items(items, made);
            skip_rest(p_format, va, endchar);
            return NULL;
        }
        made++;
    }
    if (endchar != '\0') {
        ++*p_format;
    }
    return _Typhon_PySeq_FromItems(items, made, as_list);
}

/* A dict of the next `n` values (keys and values alternating), up to
 * `endchar`. */
static PyObject *make_dict(const char **p_format, va_list *va, char endchar, Py_ssize_t n) {
    if (n < 0) {
        return NULL;
    }
    if (n % 2 != 0) {
        PyErr_SetString(PyExc_SystemError, "Bad dict format");
        skip_rest(p_format, va, endchar);
        return NULL;
    }
    PyObject *dict = PyDict_New();
    if (dict == NULL) {
        skip_rest(p_format, va, endchar);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i += 2) {
        PyObject *key = make_value(p_format, va);
        if (key == NULL) {
            skip_rest(p_format, va, endchar);
            Py_DECREF(dict);
            return NULL;
        }
        PyObject *value = make_value(p_format, va);
        if (value == NULL || PyDict_SetItem(dict, key, value) < 0) {
            skip_rest(p_format, va, endchar);
            Py_DECREF(key);
            Py_XDECREF(value);
            Py_DECREF(dict);
            return NULL;
        }
        Py_DECREF(key);
        Py_DECREF(value);
    }
    if (close_container(p_format, endchar) < 0) {
        Py_DECREF(dict);
        return NULL;
    }
    return dict;
}

/* 's', 'z', 'U' (str) and 'y' (bytes): a C string, with an optional '#'
 * length. */
static PyObject *make_string(const char **p_format, va_list *va, int bytes) {
    const char *s = va_arg(*va, const char *);
    Py_ssize_t n = -1;
    if (**p_format == '#') {
        ++*p_format;
        n = va_arg(*va, Py_ssize_t);
    }
    if (s == NULL) {
        return Py_NewRef(Py_None);
    }
    if (n < 0) {
        size_t m = strlen(s);
        if (m > (size_t)PY_SSIZE_T_MAX) {
            PyErr_SetString(PyExc_OverflowError, bytes ? "string too long for Python bytes"
                                                       : "string too long for Python string");
            return NULL;
        }
        n = (Py_ssize_t)m;
    }
    return bytes ? PyBytes_FromStringAndSize(s, n) : PyUnicode_FromStringAndSize(s, n);
}

/* 'O', 'S', 'N' and 'O&'. */
static PyObject *make_object(const char **p_format, va_list *va, char unit) {
    if (**p_format == '&') {
        typedef PyObject *(*converter)(void *);
        converter convert = va_arg(*va, converter);
        void *arg = va_arg(*va, void *);
        ++*p_format;
        return convert(arg);
    }
    PyObject *o = va_arg(*va, PyObject *);
    if (o != NULL) {
        if (unit != 'N') {
            Py_INCREF(o);
        }
    } else if (!PyErr_Occurred()) {
        /* A NULL from a failed call that set an error is passed on; a NULL
         * without one is the caller's mistake. */
        PyErr_SetString(PyExc_SystemError, "NULL object passed to Py_BuildValue");
    }
    return o;
}

/* The value of a unit that is not a number: a container, a string, an
 * object, or a bad format char. Kept apart from make_value so that the
 * number units, the common ones, run without saving the registers that
 * these need. */
__attribute__((noinline)) static PyObject *make_other(char unit, const char **p_format,
                                                      va_list *va) {
    switch (unit) {
    case '(':
        return make_container(p_format, va, ')', NULL, 0);
    case '[':
        return make_container(p_format, va, ']', NULL, 1);
    case '{':
        return make_dict(p_format, va, '}', count_format(*p_format, '}'));
    case 'c': {
        char c = (char)va_arg(*va, int);
        return PyBytes_FromStringAndSize(&c, 1);
    }
    case 'C':
        return PyUnicode_FromOrdinal(va_arg(*va, int));
    case 's':
    case 'z':
    case 'U':
        return make_string(p_format, va, 0);
    case 'y':
        return make_string(p_format, va, 1);
    case 'N':
    case 'S':
    case 'O':
        return make_object(p_format, va, unit);
    default:
        PyErr_SetString(PyExc_SystemError, "bad format char passed to Py_BuildValue");
        return NULL;
    }
}

/* The value of the next unit (after any separators). */
static PyObject *make_value(const char **p_format, va_list *va) {
    for (;;) {
        char unit = *(*p_format)++;
        switch (unit) {
        case 'b':
        case 'B':
        case 'h':
        case 'i':
            return PyLong_FromLong(va_arg(*va, int));
        case 'H':
            return PyLong_FromLong((long)va_arg(*va, unsigned int));
        case 'I':
            return PyLong_FromUnsignedLong(va_arg(*va, unsigned int));
        case 'n':
            return PyLong_FromSsize_t(va_arg(*va, Py_ssize_t));
        case 'l':
            return PyLong_FromLong(va_arg(*va, long));
        case 'k':
            return PyLong_FromUnsignedLong(va_arg(*va, unsigned long));
        case 'L':
            return PyLong_FromLongLong(va_arg(*va, long long));
        case 'K':
            return PyLong_FromUnsignedLongLong(va_arg(*va, unsigned long long));
        case 'f':
        case 'd':
            return PyFloat_FromDouble(va_arg(*va, double));
        case ':':
        case ',':
        case ' ':
        case '\t':
            break;
        default:
            return make_other(unit, p_format, va);
        }
    }
}

PyObject *_typhon_impl_Py_VaBuildValue(const char *format, va_list va) {
    if (format == NULL) {
        PyErr_BadInternalCall();
        return NULL;
    }
    /* No unit gives None, one unit its value, several a tuple. As in
     * CPython, a stray closing bracket ends the units. */
    const char *f = format;
    skip_separators(&f);
    if (*f == '\0' || is_closer(*f)) {
        return Py_NewRef(Py_None);
    }
    va_list ap;
    va_copy(ap, va);
    PyObject *result = make_value(&f, &ap);
    if (result == NULL) {
        skip_rest(&f, &ap, '\0');
    } else {
        skip_separators(&f);
        if (*f != '\0' && !is_closer(*f)) {
            result = make_container(&f, &ap, '\0', result, 0);
        }
    }
    va_end(ap);
    return result;
}

PyObject *_typhon_impl_PyTuple_PackV(Py_ssize_t n, va_list va) {
    if (n < 0) {
        PyErr_BadInternalCall();
        return NULL;
    }
    PyObject *tuple = PyTuple_New(n);
    if (tuple == NULL) {
        return NULL;
    }
    va_list ap;
    va_copy(ap, va);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = va_arg(ap, PyObject *);
        if (item == NULL) {
            /* CPython would crash; make it an error instead. */
            va_end(ap);
            Py_DECREF(tuple);
            PyErr_BadInternalCall();
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, Py_NewRef(item));
    }
    va_end(ap);
    return tuple;
}

/* ----- calls ------------------------------------------------------------------------------ */

/* CPython's error for a NULL object passed to a call helper (unless the
 * NULL comes with an error already, which is passed on). */
static PyObject *null_error(void) {
    if (!PyErr_Occurred()) {
        PyErr_SetString(PyExc_SystemError, "null argument to internal routine");
    }
    return NULL;
}

/* Calls `callable` with the arguments that `format` builds: none for a
 * NULL or empty format; if the format makes one value and it is a tuple,
 * that tuple's items; otherwise the values made. */
static PyObject *call_with_format(PyObject *callable, const char *format, va_list va) {
    const char *f = format == NULL ? "" : format;
    skip_separators(&f);
    if (*f == '\0' || is_closer(*f)) {
        return PyObject_CallNoArgs(callable);
    }
    va_list ap;
    va_copy(ap, va);
    PyObject *args = make_container(&f, &ap, '\0', NULL, 0);
    va_end(ap);
    if (args == NULL) {
        return NULL;
    }
    PyObject *call_args = args;
    if (PyTuple_Size(args) == 1) {
        PyObject *only = PyTuple_GetItem(args, 0);
        if (only != NULL && PyTuple_Check(only)) {
            call_args = only;
        }
    }
    PyObject *result = PyObject_Call(callable, call_args, NULL);
    Py_DECREF(args);
    return result;
}

PyObject *_typhon_impl_CallFunctionV(PyObject *callable, const char *format, va_list va) {
    if (callable == NULL) {
        return null_error();
    }
    return call_with_format(callable, format, va);
}

PyObject *_typhon_impl_CallMethodV(PyObject *obj, const char *name, const char *format,
                                   va_list va) {
    if (obj == NULL || name == NULL) {
        return null_error();
    }
    PyObject *callable = PyObject_GetAttrString(obj, name);
    if (callable == NULL) {
        return NULL;
    }
    PyObject *result;
    if (!PyCallable_Check(callable)) {
        PyErr_Format(PyExc_TypeError, "attribute of type '%.200s' is not callable",
                     Py_TYPE(callable)->tp_name);
        result = NULL;
    } else {
        result = call_with_format(callable, format, va);
    }
    Py_DECREF(callable);
    return result;
}

/* Calls `callable` with the NULL-terminated list of objects in `va`. */
static PyObject *call_with_list(PyObject *callable, va_list va) {
    va_list ap;
    va_copy(ap, va);
    Py_ssize_t n = 0;
    while (va_arg(ap, PyObject *) != NULL) {
        n++;
    }
    va_end(ap);

    PyObject *args = PyTuple_New(n);
    if (args == NULL) {
        return NULL;
    }
    va_copy(ap, va);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyTuple_SET_ITEM(args, i, Py_NewRef(va_arg(ap, PyObject *)));
    }
    va_end(ap);
    PyObject *result = PyObject_Call(callable, args, NULL);
    Py_DECREF(args);
    return result;
}

PyObject *_typhon_impl_CallFunctionObjArgsV(PyObject *callable, va_list va) {
    if (callable == NULL) {
        return null_error();
    }
    return call_with_list(callable, va);
}

PyObject *_typhon_impl_CallMethodObjArgsV(PyObject *obj, PyObject *name, va_list va) {
    if (obj == NULL || name == NULL) {
        return null_error();
    }
    PyObject *callable = PyObject_GetAttr(obj, name);
    if (callable == NULL) {
        return NULL;
    }
    PyObject *result = call_with_list(callable, va);
    Py_DECREF(callable);
    return result;
}
