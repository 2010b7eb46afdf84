/*
 * format.c: PyUnicode_FromFormatV and PyErr_FormatV, the functions behind
 * Python.h's PyUnicode_FromFormat and PyErr_Format wrappers, with CPython
 * 3.11's behaviour.
 *
 * Conversions: %c (a code point given as int), %d %i %u %x with the length
 * modifiers l, ll and z (not on %x), %p, %s (UTF-8 C string), %U (str
 * object), %V (str object or NULL, then a fallback C string), %S %R %A
 * (str(), repr(), ascii() of an object) and %%. A conversion may carry a
 * '0' flag, a width and a precision:
 *  - numbers: the precision is a minimum number of digits (zero-filled),
 *    the width pads on the left with spaces, or zeros after '0'
 *    (CPython puts those zeros before a minus sign; so does this);
 *  - text: the precision truncates (%s counts bytes, before decoding, as
 *    CPython does; the others count code points), the width pads on the
 *    left with spaces, in code points.
 * Anything else after '%' (a '-' flag, %q, %lx, %hd, ...) makes CPython
 * copy the rest of the format string verbatim, because it cannot know
 * what the remaining arguments are; so does this.
 *
 * The text is built as UTF-8 in a growable buffer and turned into a str at
 * the end. Typhon's strings cannot hold lone surrogates, so %c of a
 * surrogate fails (CPython would make a string containing it).
 */
#include "support.h"

TYPHON_CHECK_SLOT(PyUnicode_FromFormatV, _typhon_impl_PyUnicode_FromFormatV);
TYPHON_CHECK_SLOT(PyErr_FormatV, _typhon_impl_PyErr_FormatV);

/* ----- a growable UTF-8 buffer ---------------------------------------------------------- */

typedef struct {
    char *data;
    size_t len;
    size_t cap;
} Writer;

/* Makes room for `extra` more bytes; -1 with MemoryError if it cannot. */
static int w_reserve(Writer *w, size_t extra) {
    if (extra <= w->cap - w->len) {
        return 0;
    }
    if (extra > (size_t)PY_SSIZE_T_MAX - w->len) {
        PyErr_NoMemory();
        return -1;
    }
    size_t need = w->len + extra;
    size_t cap = w->cap < 64 ? 64 : w->cap;
    while (cap < need) {
        cap = cap > (size_t)PY_SSIZE_T_MAX / 2 ? need : cap * 2;
    }
    char *p = w->data == NULL ? PyMem_Malloc(cap) : PyMem_Realloc(w->data, cap);
    if (p == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    w->data = p;
    w->cap = cap;
    return 0;
}

static int w_write(Writer *w, const char *s, size_t n) {
    if (n == 0) {
        return 0;
    }
    if (w_reserve(w, n) < 0) {
        return -1;
    }
    memcpy(w->data + w->len, s, n);
    w->len += n;
    return 0;
}

static int w_fill(Writer *w, char c, size_t n) {
    if (n == 0) {
        return 0;
    }
    if (w_reserve(w, n) < 0) {
        return -1;
    }
    memset(w->data + w->len, c, n);
    w->len += n;
    return 0;
}

/* Appends the code point `cp` (at most 0x10FFFF, not a surrogate). */
static int w_codepoint(Writer *w, unsigned int cp) {
    char b[4];
    size_t n;
    if (cp < 0x80) {
        b[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        b[0] = (char)(0xC0 | (cp >> 6));
        b[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        b[0] = (char)(0xE0 | (cp >> 12));
        b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        b[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        b[0] = (char)(0xF0 | (cp >> 18));
        b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        b[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        b[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    return w_write(w, b, n);
}

/* Appends s[0..n), valid UTF-8, keeping at most `precision` code points
 * (all if negative) and padding on the left with spaces to `width` code
 * points. */
static int w_text(Writer *w, const char *s, Py_ssize_t n, Py_ssize_t width,
                  Py_ssize_t precision) {
    Py_ssize_t end = 0, chars = 0;
    while (end < n && (precision < 0 || chars < precision)) {
        end += _typhon_utf8_seq_len((unsigned char)s[end]);
        chars++;
    }
    if (end > n) {
        end = n;
    }
    if (width > chars && w_fill(w, ' ', (size_t)(width - chars)) < 0) {
        return -1;
    }
    return w_write(w, s, (size_t)end);
}

/* Appends the bytes s[0..n) decoded as UTF-8, each ill-formed part replaced
 * by U+FFFD as CPython's "replace" error handler does (one U+FFFD per
 * maximal prefix of a well-formed sequence, or per stray byte). */
static int w_utf8_replace(Writer *w, const char *s, size_t n) {
    static const char replacement[] = "\xEF\xBF\xBD";
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        unsigned char b = u[i];
        size_t need;
        unsigned char lo = 0x80, hi = 0xBF; /* range of the second byte */
        if (b < 0x80) {
            need = 1;
        } else if (b >= 0xC2 && b <= 0xDF) {
            need = 2;
        } else if (b >= 0xE0 && b <= 0xEF) {
            need = 3;
            if (b == 0xE0) {
                lo = 0xA0;
            } else if (b == 0xED) {
                hi = 0x9F;
            }
        } else if (b >= 0xF0 && b <= 0xF4) {
            need = 4;
            if (b == 0xF0) {
                lo = 0x90;
            } else if (b == 0xF4) {
                hi = 0x8F;
            }
        } else {
            need = 0; /* never valid as a first byte */
        }
        size_t k = 1; /* bytes of the sequence that are well formed so far */
        while (need > 0 && k < need && i + k < n) {
            unsigned char c = u[i + k];
            unsigned char l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
            if (c < l || c > h) {
                break;
            }
            k++;
        }
        if (need > 0 && k == need) {
            if (w_write(w, s + i, k) < 0) {
                return -1;
            }
        } else if (w_write(w, replacement, 3) < 0) {
            return -1;
        }
        i += k;
    }
    return 0;
}

/* Appends the bytes s[0..n) as Latin-1 (what CPython does with the rest of
 * a format string after an unknown conversion). */
static int w_latin1(Writer *w, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (w_codepoint(w, (unsigned char)s[i]) < 0) {
            return -1;
        }
    }
    return 0;
}

/* ----- conversions ------------------------------------------------------------------------- */

/* %s: the C string `s`, at most `precision` bytes of it, decoded leniently,
 * then padded to `width` code points. */
static int write_cstr(Writer *w, const char *s, Py_ssize_t width, Py_ssize_t precision) {
    if (s == NULL) {
        PyErr_BadInternalCall();
        return -1;
    }
    size_t n = 0;
    if (precision < 0) {
        n = strlen(s);
    } else {
        while (n < (size_t)precision && s[n] != '\0') {
            n++;
        }
    }
    if (width <= 0) {
        return w_utf8_replace(w, s, n);
    }
    Writer tmp = {NULL, 0, 0};
    int r = w_utf8_replace(&tmp, s, n);
    if (r == 0) {
        r = w_text(w, tmp.data, (Py_ssize_t)tmp.len, width, -1);
    }
    PyMem_Free(tmp.data);
    return r;
}

/* %U and friends: the str object `str`. */
static int write_str(Writer *w, PyObject *str, Py_ssize_t width, Py_ssize_t precision) {
    if (str == NULL || !PyUnicode_Check(str)) {
        PyErr_BadInternalCall();
        return -1;
    }
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(str, &n);
    if (s == NULL) {
        return -1;
    }
    return w_text(w, s, n, width, precision);
}

/* The ASCII form of the str `text`, as ascii() makes it from a repr:
 * non-ASCII code points become \xNN, \uNNNN or \UNNNNNNNN. */
static PyObject *ascii_escape(PyObject *text) {
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(text, &n);
    if (s == NULL) {
        return NULL;
    }
    Writer w = {NULL, 0, 0};
    Py_ssize_t i = 0;
    while (i < n) {
        int len;
        unsigned int cp = _typhon_utf8_decode(s + i, n - i, &len);
        char esc[16];
        int r;
        if (cp < 0x80) {
            r = w_write(&w, s + i, 1);
        } else {
            if (cp < 0x100) {
                snprintf(esc, sizeof esc, "\\x%02x", cp);
            } else if (cp < 0x10000) {
                snprintf(esc, sizeof esc, "\\u%04x", cp);
            } else {
                snprintf(esc, sizeof esc, "\\U%08x", cp);
            }
            r = w_write(&w, esc, strlen(esc));
        }
        if (r < 0) {
            PyMem_Free(w.data);
            return NULL;
        }
        i += len;
    }
    PyObject *r = PyUnicode_FromStringAndSize(w.data != NULL ? w.data : "", (Py_ssize_t)w.len);
    PyMem_Free(w.data);
    return r;
}

/* %S, %R, %A: str(), repr() or ascii() of `obj` (CPython shows a NULL
 * object as "<NULL>"). */
static int write_object(Writer *w, char conv, PyObject *obj, Py_ssize_t width,
                        Py_ssize_t precision) {
    if (obj == NULL) {
        return w_text(w, "<NULL>", 6, width, precision);
    }
    PyObject *text = conv == 'S' ? PyObject_Str(obj) : PyObject_Repr(obj);
    if (text != NULL && conv == 'A') {
        PyObject *escaped = ascii_escape(text);
        Py_DECREF(text);
        text = escaped;
    }
    if (text == NULL) {
        return -1;
    }
    int r = write_str(w, text, width, precision);
    Py_DECREF(text);
    return r;
}

/* %d %i %u %x: `digits` (the number as printf wrote it) with CPython's
 * width and precision rules. */
static int write_number(Writer *w, const char *digits, int zeropad, Py_ssize_t width,
                        Py_ssize_t precision) {
    Py_ssize_t len = (Py_ssize_t)strlen(digits);
    if (precision < len) {
        precision = len;
    }
    if (width > precision && w_fill(w, zeropad ? '0' : ' ', (size_t)(width - precision)) < 0) {
        return -1;
    }
    if (precision > len && w_fill(w, '0', (size_t)(precision - len)) < 0) {
        return -1;
    }
    return w_write(w, digits, (size_t)len);
}

/* Reads a decimal number at *p (which starts with a digit); -1 with
 * ValueError("<what> too big") if it does not fit in Py_ssize_t. */
static int parse_count(const char **p, Py_ssize_t *out, const char *toobig) {
    const char *f = *p;
    Py_ssize_t v = 0;
    while (*f >= '0' && *f <= '9') {
        int d = *f - '0';
        if (v > (PY_SSIZE_T_MAX - d) / 10) {
            PyErr_SetString(PyExc_ValueError, toobig);
            return -1;
        }
        v = v * 10 + d;
        f++;
    }
    *p = f;
    *out = v;
    return 0;
}

/* Formats the conversion that starts at `p` (a '%') and returns where the
 * format continues, or NULL with an exception. */
static const char *format_arg(Writer *w, const char *p, va_list *va) {
    const char *f = p + 1;
    int zeropad = 0;
    Py_ssize_t width = -1, precision = -1;

    if (*f == '0') {
        zeropad = 1;
        f++;
    }
    if (*f >= '0' && *f <= '9' && parse_count(&f, &width, "width too big") < 0) {
        return NULL;
    }
    if (*f == '.') {
        f++;
        if (*f >= '0' && *f <= '9' && parse_count(&f, &precision, "precision too big") < 0) {
            return NULL;
        }
        if (*f == '%') {
            /* CPython steps back here, so "%.3%" is an unknown conversion. */
            f--;
        }
    }
    if (*f == '\0') {
        /* A conversion cut short by the end: CPython steps back onto its
         * last character, which is then the conversion ("%" stays "%"). */
        f--;
    }

    int longflag = 0, longlongflag = 0, sizeflag = 0;
    if (*f == 'l') {
        if (f[1] == 'd' || f[1] == 'u' || f[1] == 'i') {
            longflag = 1;
            f++;
        } else if (f[1] == 'l' && (f[2] == 'd' || f[2] == 'u' || f[2] == 'i')) {
            longlongflag = 1;
            f += 2;
        }
    } else if (*f == 'z' && (f[1] == 'd' || f[1] == 'u' || f[1] == 'i')) {
        sizeflag = 1;
        f++;
    }

    char number[64];
    int r;
    switch (*f) {
    case 'c': {
        int ordinal = va_arg(*va, int);
        if (ordinal < 0 || ordinal > 0x10FFFF) {
            PyErr_SetString(PyExc_OverflowError, "character argument not in range(0x110000)");
            return NULL;
        }
        if (ordinal >= 0xD800 && ordinal <= 0xDFFF) {
            PyErr_SetString(PyExc_ValueError,
                            "character argument is a surrogate, which Typhon strings cannot hold");
            return NULL;
        }
        r = w_codepoint(w, (unsigned int)ordinal);
        break;
    }
    case 'd':
    case 'i':
        if (longflag) {
            snprintf(number, sizeof number, "%ld", va_arg(*va, long));
        } else if (longlongflag) {
            snprintf(number, sizeof number, "%lld", va_arg(*va, long long));
        } else if (sizeflag) {
            snprintf(number, sizeof number, "%zd", va_arg(*va, Py_ssize_t));
        } else {
            snprintf(number, sizeof number, "%d", va_arg(*va, int));
        }
        r = write_number(w, number, zeropad, width, precision);
        break;
    case 'u':
        if (longflag) {
            snprintf(number, sizeof number, "%lu", va_arg(*va, unsigned long));
        } else if (longlongflag) {
            snprintf(number, sizeof number, "%llu", va_arg(*va, unsigned long long));
        } else if (sizeflag) {
            snprintf(number, sizeof number, "%zu", va_arg(*va, size_t));
        } else {
            snprintf(number, sizeof number, "%u", va_arg(*va, unsigned int));
        }
        r = write_number(w, number, zeropad, width, precision);
        break;
    case 'x':
        snprintf(number, sizeof number, "%x", va_arg(*va, unsigned int));
        r = write_number(w, number, zeropad, width, precision);
        break;
    case 'p': {
        /* C's %p, with a "0x" prefix ensured (glibc prints NULL as
         * "(nil)", which becomes "0x(nil)", as in CPython). */
        int len = snprintf(number + 2, sizeof number - 2, "%p", va_arg(*va, void *));
        const char *text = number + 2;
        if (len >= 2 && number[3] == 'X') {
            number[3] = 'x';
        } else if (len < 2 || number[3] != 'x') {
            number[0] = '0';
            number[1] = 'x';
            text = number;
        }
        r = w_write(w, text, strlen(text));
        break;
    }
    case 's':
        r = write_cstr(w, va_arg(*va, const char *), width, precision);
        break;
    case 'U':
        r = write_str(w, va_arg(*va, PyObject *), width, precision);
        break;
    case 'V': {
        PyObject *obj = va_arg(*va, PyObject *);
        const char *str = va_arg(*va, const char *);
        if (obj != NULL) {
            r = write_str(w, obj, width, precision);
        } else {
            r = write_cstr(w, str, width, precision);
        }
        break;
    }
    case 'S':
    case 'R':
    case 'A':
        r = write_object(w, *f, va_arg(*va, PyObject *), width, precision);
        break;
    case '%':
        r = w_write(w, "%", 1);
        break;
    default: {
        /* Unknown: copy the rest of the format, from the '%', verbatim. */
        size_t rest = strlen(p);
        return w_latin1(w, p, rest) < 0 ? NULL : p + rest;
    }
    }
    return r < 0 ? NULL : f + 1;
}

PyObject *_typhon_impl_PyUnicode_FromFormatV(const char *format, va_list va) {
    if (format == NULL) {
        PyErr_BadInternalCall();
        return NULL;
    }
    Writer w = {NULL, 0, 0};
    va_list ap;
    va_copy(ap, va);
    const char *f = format;
    int ok = 1;
    while (ok && *f != '\0') {
        if (*f == '%') {
            f = format_arg(&w, f, &ap);
            ok = f != NULL;
            continue;
        }
        const char *start = f;
        while (*f != '\0' && *f != '%') {
            if ((unsigned char)*f > 127) {
                char msg[120];
                snprintf(msg, sizeof msg,
                         "PyUnicode_FromFormatV() expects an ASCII-encoded format string, "
                         "got a non-ASCII byte: 0x%02x",
                         (unsigned char)*f);
                PyErr_SetString(PyExc_ValueError, msg);
                ok = 0;
                break;
            }
            f++;
        }
        if (ok && w_write(&w, start, (size_t)(f - start)) < 0) {
            ok = 0;
        }
    }
    va_end(ap);
    PyObject *result = NULL;
    if (ok) {
        result = PyUnicode_FromStringAndSize(w.data != NULL ? w.data : "", (Py_ssize_t)w.len);
    }
    PyMem_Free(w.data);
    return result;
}

PyObject *_typhon_impl_PyErr_FormatV(PyObject *exc, const char *format, va_list va) {
    /* As CPython: formatting may run Python code (%R, %S), which must not
     * see a pending exception; if formatting fails, its error is the one
     * raised. */
    PyErr_Clear();
    PyObject *text = _typhon_impl_PyUnicode_FromFormatV(format, va);
    if (text != NULL) {
        PyErr_SetObject(exc, text);
        Py_DECREF(text);
    }
    return NULL;
}

/* ----- PyBytes_FromFormatV --------------------------------------------------------------- */


/*
 * CPython 3.11's PyBytes_FromFormatV: %c (a byte given as int), %d %i %u
 * %x, %ld %lu %zd %zu, %s (bytes copied as they are; a precision caps
 * them), %p and %%. A width is read and ignored, as CPython does. Anything
 * else after '%' copies the rest of the format verbatim.
 */
PyObject *_typhon_impl_PyBytes_FromFormatV(const char *format, va_list va) {
    if (format == NULL) {
        PyErr_BadInternalCall();
        return NULL;
    }
    Writer w = {NULL, 0, 0};
    va_list ap;
    va_copy(ap, va);
    int ok = 1;
    for (const char *f = format; ok && *f != '\0'; f++) {
        if (*f != '%') {
            ok = w_write(&w, f, 1) == 0;
            continue;
        }
        const char *p = f++;
        while (*f >= '0' && *f <= '9') {
            f++;
        }
        Py_ssize_t prec = 0;
        if (*f == '.') {
            f++;
            for (; *f >= '0' && *f <= '9'; f++) {
                prec = prec * 10 + (*f - '0');
            }
        }
        while (*f != '\0' && *f != '%' && !((*f >= 'a' && *f <= 'z') || (*f >= 'A' && *f <= 'Z'))) {
            f++;
        }
        int longflag = 0, size_tflag = 0;
        if (*f == 'l' && (f[1] == 'd' || f[1] == 'u')) {
            longflag = 1;
            ++f;
        }
        if (*f == 'z' && (f[1] == 'd' || f[1] == 'u')) {
            size_tflag = 1;
            ++f;
        }
        char buffer[64];
        buffer[0] = '\0';
        switch (*f) {
        case 'c': {
            int c = va_arg(ap, int);
            if (c < 0 || c > 255) {
                PyErr_SetString(PyExc_OverflowError,
                                "PyBytes_FromFormatV(): %c format expects an integer in range [0; 255]");
                ok = 0;
                break;
            }
            char b = (char)c;
            ok = w_write(&w, &b, 1) == 0;
            break;
        }
        case 'd':
            if (longflag) {
                snprintf(buffer, sizeof buffer, "%ld", va_arg(ap, long));
            } else if (size_tflag) {
                snprintf(buffer, sizeof buffer, "%zd", va_arg(ap, Py_ssize_t));
            } else {
                snprintf(buffer, sizeof buffer, "%d", va_arg(ap, int));
            }
            ok = w_write(&w, buffer, strlen(buffer)) == 0;
            break;
        case 'u':
            if (longflag) {
                snprintf(buffer, sizeof buffer, "%lu", va_arg(ap, unsigned long));
            } else if (size_tflag) {
                snprintf(buffer, sizeof buffer, "%zu", va_arg(ap, size_t));
            } else {
                snprintf(buffer, sizeof buffer, "%u", va_arg(ap, unsigned int));
            }
            ok = w_write(&w, buffer, strlen(buffer)) == 0;
            break;
        case 'i':
            snprintf(buffer, sizeof buffer, "%i", va_arg(ap, int));
            ok = w_write(&w, buffer, strlen(buffer)) == 0;
            break;
        case 'x':
            snprintf(buffer, sizeof buffer, "%x", va_arg(ap, int));
            ok = w_write(&w, buffer, strlen(buffer)) == 0;
            break;
        case 's': {
            const char *s = va_arg(ap, const char *);
            size_t n;
            if (prec <= 0) {
                n = strlen(s);
            } else {
                n = 0;
                while ((Py_ssize_t)n < prec && s[n]) {
                    n++;
                }
            }
            ok = w_write(&w, s, n) == 0;
            break;
        }
        case 'p':
            snprintf(buffer, sizeof buffer, "%p", va_arg(ap, void *));
            if (buffer[1] == 'X') {
                buffer[1] = 'x';
            } else if (buffer[1] != 'x') {
                memmove(buffer + 2, buffer, strlen(buffer) + 1);
                buffer[0] = '0';
                buffer[1] = 'x';
            }
            ok = w_write(&w, buffer, strlen(buffer)) == 0;
            break;
        case '%':
            ok = w_write(&w, "%", 1) == 0;
            break;
        default:
            /* An unknown conversion: the rest of the format as it is. */
            ok = w_write(&w, p, strlen(p)) == 0;
            f = p + strlen(p) - 1;
            break;
        }
    }
    va_end(ap);
    PyObject *result = NULL;
    if (ok) {
        result = PyBytes_FromStringAndSize(w.data != NULL ? w.data : "", (Py_ssize_t)w.len);
    }
    PyMem_Free(w.data);
    return result;
}

TYPHON_CHECK_SLOT(PyBytes_FromFormatV, _typhon_impl_PyBytes_FromFormatV);
