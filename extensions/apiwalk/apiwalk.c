/* apiwalk: C API functions of CPython 3.11's stable ABI that small
 * extensions use, each reachable from Python with its error cases:
 * the str functions (searching, splitting, codecs, UCS-4 and wchar_t
 * copies), bytes and bytearray, the sequence and number protocols'
 * remaining functions, and iterators. Builds unchanged against CPython's
 * headers, so its tests record CPython's behaviour. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include <wchar.h>

#define ARG(i) (nargs > (i) ? PyTuple_GET_ITEM(args, (i)) : NULL)
#define SIZE(i) PyLong_AsSsize_t(ARG(i))
#define INT(i) ((int)PyLong_AsLong(ARG(i)))
/* A C string argument, or NULL for None. */
#define CSTR(i) (ARG(i) == Py_None ? NULL : PyUnicode_AsUTF8(ARG(i)))
/* An object argument, or NULL for None. */
#define OBJ(i) (ARG(i) == Py_None ? NULL : ARG(i))

static int destroyed = 0;
static void destructor_a(PyObject *cap) { destroyed += 1; }
static void destructor_b(PyObject *cap) { destroyed += 10; }
static int the_pointer = 42;

/* An int result: NULL when it is `bad` and an exception is set. */
static PyObject *ssize_result(Py_ssize_t n, Py_ssize_t bad) {
    if (n == bad && PyErr_Occurred()) {
        return NULL;
    }
    return PyLong_FromSsize_t(n);
}

/* The units of a Py_UCS4 or wchar_t array as a list of ints. */
static PyObject *units(const void *p, Py_ssize_t n, int wide) {
    PyObject *l = PyList_New(n);
    if (l == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = wide ? (long)((const wchar_t *)p)[i] : (long)((const Py_UCS4 *)p)[i];
        PyList_SET_ITEM(l, i, PyLong_FromLong(v));
    }
    return l;
}

/* ustr(name, *args): the PyUnicode_* function called `name`. */
static PyObject *ustr(PyObject *self, PyObject *args) {
    Py_ssize_t nargs = PyTuple_GET_SIZE(args);
    if (nargs < 1 || !PyUnicode_Check(PyTuple_GET_ITEM(args, 0))) {
        PyErr_SetString(PyExc_TypeError, "ustr(name, ...)");
        return NULL;
    }
    const char *name = PyUnicode_AsUTF8(PyTuple_GET_ITEM(args, 0));
    args = PyTuple_GetSlice(args, 1, nargs);
    if (args == NULL) {
        return NULL;
    }
    nargs -= 1;
    PyObject *r = NULL;
    if (strcmp(name, "split") == 0) {
        r = PyUnicode_Split(ARG(0), OBJ(1), SIZE(2));
    } else if (strcmp(name, "rsplit") == 0) {
        r = PyUnicode_RSplit(ARG(0), OBJ(1), SIZE(2));
    } else if (strcmp(name, "splitlines") == 0) {
        r = PyUnicode_Splitlines(ARG(0), INT(1));
    } else if (strcmp(name, "partition") == 0) {
        r = PyUnicode_Partition(ARG(0), ARG(1));
    } else if (strcmp(name, "rpartition") == 0) {
        r = PyUnicode_RPartition(ARG(0), ARG(1));
    } else if (strcmp(name, "find") == 0) {
        r = ssize_result(PyUnicode_Find(ARG(0), ARG(1), SIZE(2), SIZE(3), INT(4)), -2);
    } else if (strcmp(name, "findchar") == 0) {
        r = ssize_result(
            PyUnicode_FindChar(ARG(0), (Py_UCS4)PyLong_AsLong(ARG(1)), SIZE(2), SIZE(3), INT(4)),
            -2);
    } else if (strcmp(name, "count") == 0) {
        r = ssize_result(PyUnicode_Count(ARG(0), ARG(1), SIZE(2), SIZE(3)), -1);
    } else if (strcmp(name, "replace") == 0) {
        r = PyUnicode_Replace(ARG(0), ARG(1), ARG(2), SIZE(3));
    } else if (strcmp(name, "tailmatch") == 0) {
        r = ssize_result(PyUnicode_Tailmatch(ARG(0), ARG(1), SIZE(2), SIZE(3), INT(4)), -1);
    } else if (strcmp(name, "contains") == 0) {
        r = ssize_result(PyUnicode_Contains(ARG(0), ARG(1)), -1);
    } else if (strcmp(name, "richcompare") == 0) {
        r = PyUnicode_RichCompare(ARG(0), ARG(1), INT(2));
    } else if (strcmp(name, "format") == 0) {
        r = PyUnicode_Format(ARG(0), ARG(1));
    } else if (strcmp(name, "isidentifier") == 0) {
        r = ssize_result(PyUnicode_IsIdentifier(ARG(0)), -1);
    } else if (strcmp(name, "translate") == 0) {
        r = PyUnicode_Translate(ARG(0), ARG(1), NULL);
    } else if (strcmp(name, "fromobject") == 0) {
        r = PyUnicode_FromObject(ARG(0));
        if (r != NULL) {
            PyObject *t = Py_BuildValue("(sO)", Py_TYPE(r)->tp_name, r);
            Py_DECREF(r);
            r = t;
        }
    } else if (strcmp(name, "defaultencoding") == 0) {
        r = PyUnicode_FromString(PyUnicode_GetDefaultEncoding());
    } else if (strcmp(name, "intern") == 0) {
        PyObject *s = PyUnicode_FromString(PyUnicode_AsUTF8(ARG(0)));
        PyUnicode_InternInPlace(&s);
        r = s;
    } else if (strcmp(name, "append") == 0 || strcmp(name, "appendanddel") == 0) {
        PyObject *left = ARG(0) == Py_None ? NULL : ARG(0);
        PyObject *right = OBJ(1);
        Py_XINCREF(left);
        if (name[6] == 'a') {
            Py_XINCREF(right);
            PyUnicode_AppendAndDel(&left, right);
        } else {
            PyUnicode_Append(&left, right);
        }
        r = left;
    } else if (strcmp(name, "decode") == 0) {
        r = PyUnicode_Decode(PyBytes_AsString(ARG(0)), PyBytes_Size(ARG(0)), CSTR(1), CSTR(2));
    } else if (strcmp(name, "decodeascii") == 0) {
        r = PyUnicode_DecodeASCII(PyBytes_AsString(ARG(0)), PyBytes_Size(ARG(0)), CSTR(1));
    } else if (strcmp(name, "decodelatin1") == 0) {
        r = PyUnicode_DecodeLatin1(PyBytes_AsString(ARG(0)), PyBytes_Size(ARG(0)), CSTR(1));
    } else if (strcmp(name, "decodeutf8") == 0) {
        r = PyUnicode_DecodeUTF8(PyBytes_AsString(ARG(0)), PyBytes_Size(ARG(0)), CSTR(1));
    } else if (strcmp(name, "encode") == 0) {
        r = PyUnicode_AsEncodedString(ARG(0), CSTR(1), CSTR(2));
    } else if (strcmp(name, "asascii") == 0) {
        r = PyUnicode_AsASCIIString(ARG(0));
    } else if (strcmp(name, "aslatin1") == 0) {
        r = PyUnicode_AsLatin1String(ARG(0));
    } else if (strcmp(name, "asutf8") == 0) {
        r = PyUnicode_AsUTF8String(ARG(0));
    } else if (strcmp(name, "fromencoded") == 0) {
        r = PyUnicode_FromEncodedObject(ARG(0), CSTR(1), CSTR(2));
    } else if (strcmp(name, "asucs4") == 0) {
        Py_ssize_t n = SIZE(1);
        Py_UCS4 buf[16];
        for (int i = 0; i < 16; i++) {
            buf[i] = 7;
        }
        if (PyUnicode_AsUCS4(ARG(0), buf, n, INT(2)) == NULL) {
            PyObject *e = PyErr_Occurred() ? NULL : Py_None;
            if (e == NULL) {
                PyObject *t, *v, *tb;
                PyErr_Fetch(&t, &v, &tb);
                PyErr_NormalizeException(&t, &v, &tb);
                r = Py_BuildValue("(sOk)", Py_TYPE(v)->tp_name, v, (unsigned long)buf[0]);
                Py_XDECREF(t);
                Py_XDECREF(v);
                Py_XDECREF(tb);
            }
        } else {
            r = units(buf, 16 < n + 1 ? 16 : n + 1, 0);
        }
    } else if (strcmp(name, "asucs4copy") == 0) {
        Py_UCS4 *p = PyUnicode_AsUCS4Copy(ARG(0));
        if (p != NULL) {
            r = units(p, PyUnicode_GetLength(ARG(0)) + 1, 0);
            PyMem_Free(p);
        }
    } else if (strcmp(name, "aswidechar") == 0) {
        if (ARG(1) == Py_None) {
            r = ssize_result(PyUnicode_AsWideChar(ARG(0), NULL, 0), -1);
        } else {
            wchar_t buf[16];
            for (int i = 0; i < 16; i++) {
                buf[i] = 7;
            }
            Py_ssize_t n = PyUnicode_AsWideChar(ARG(0), buf, SIZE(1));
            if (n != -1 || !PyErr_Occurred()) {
                PyObject *l = units(buf, 16 < SIZE(1) + 1 ? 16 : SIZE(1) + 1, 1);
                r = Py_BuildValue("(nN)", n, l);
            }
        }
    } else if (strcmp(name, "aswidecharstring") == 0) {
        Py_ssize_t n = -5;
        wchar_t *p = PyUnicode_AsWideCharString(ARG(0), INT(1) ? &n : NULL);
        if (p != NULL) {
            Py_ssize_t len = (Py_ssize_t)wcslen(p);
            Py_ssize_t k = INT(1) ? n : len;
            r = Py_BuildValue("(nN)", n, units(p, k + 1, 1));
            PyMem_Free(p);
        }
    } else if (strcmp(name, "fromwidechar") == 0) {
        Py_ssize_t n = PyList_Size(ARG(0));
        wchar_t buf[16];
        for (Py_ssize_t i = 0; i < n && i < 15; i++) {
            buf[i] = (wchar_t)PyLong_AsLong(PyList_GetItem(ARG(0), i));
        }
        buf[n < 15 ? n : 15] = 0;
        r = PyUnicode_FromWideChar(ARG(1) == Py_None ? NULL : buf, SIZE(2));
    } else if (strcmp(name, "decodeutf8stateful") == 0) {
        Py_ssize_t consumed = -5;
        PyObject *t = PyUnicode_DecodeUTF8Stateful(PyBytes_AsString(ARG(0)), PyBytes_Size(ARG(0)),
                                                   CSTR(1), INT(2) ? &consumed : NULL);
        if (t != NULL) {
            r = Py_BuildValue("(Nn)", t, consumed);
        }
    } else if (strcmp(name, "encodefs") == 0) {
        r = PyUnicode_EncodeFSDefault(ARG(0));
    } else if (strcmp(name, "decodefs") == 0) {
        r = PyUnicode_DecodeFSDefaultAndSize(PyBytes_AsString(ARG(0)), PyBytes_Size(ARG(0)));
    } else if (strcmp(name, "decodefsz") == 0) {
        r = PyUnicode_DecodeFSDefault(PyBytes_AsString(ARG(0)));
    } else if (strcmp(name, "fspath") == 0) {
        r = PyOS_FSPath(ARG(0));
    } else if (strcmp(name, "fsconverter") == 0 || strcmp(name, "fsdecoder") == 0) {
        PyObject *out = NULL;
        int rc = name[2] == 'c' ? PyUnicode_FSConverter(ARG(0), &out)
                                : PyUnicode_FSDecoder(ARG(0), &out);
        if (rc != 0) {
            r = Py_BuildValue("(iO)", rc == Py_CLEANUP_SUPPORTED, out);
            /* The cleanup call releases the result and clears the slot. */
            int again = name[2] == 'c' ? PyUnicode_FSConverter(NULL, &out)
                                       : PyUnicode_FSDecoder(NULL, &out);
            if (again != 1 || out != NULL) {
                Py_XDECREF(r);
                r = NULL;
                PyErr_SetString(PyExc_RuntimeError, "cleanup failed");
            }
        }
    } else if (strcmp(name, "asunicodeescape") == 0) {
        r = PyUnicode_AsUnicodeEscapeString(ARG(0));
    } else if (strcmp(name, "asrawunicodeescape") == 0) {
        r = PyUnicode_AsRawUnicodeEscapeString(ARG(0));
    } else if (strcmp(name, "asutf16") == 0) {
        r = PyUnicode_AsUTF16String(ARG(0));
    } else if (strcmp(name, "asutf32") == 0) {
        r = PyUnicode_AsUTF32String(ARG(0));
    } else {
        PyErr_Format(PyExc_ValueError, "unknown operation %s", name);
    }
    Py_DECREF(args);
    return r;
}

/* ubytes(name, *args): the PyBytes_* and PyByteArray_* functions. */
static PyObject *ubytes(PyObject *self, PyObject *args) {
    Py_ssize_t nargs = PyTuple_GET_SIZE(args);
    if (nargs < 1 || !PyUnicode_Check(PyTuple_GET_ITEM(args, 0))) {
        PyErr_SetString(PyExc_TypeError, "ubytes(name, ...)");
        return NULL;
    }
    const char *name = PyUnicode_AsUTF8(PyTuple_GET_ITEM(args, 0));
    args = PyTuple_GetSlice(args, 1, nargs);
    if (args == NULL) {
        return NULL;
    }
    nargs -= 1;
    PyObject *r = NULL;
    if (strcmp(name, "concat") == 0 || strcmp(name, "concatanddel") == 0) {
        /* A fresh copy of the left operand unless told to share it. */
        PyObject *left;
        if (ARG(0) == Py_None) {
            left = NULL;
        } else if (nargs > 2 && PyObject_IsTrue(ARG(2))) {
            left = ARG(0);
            Py_INCREF(left);
        } else {
            left = PyBytes_FromStringAndSize(PyBytes_AsString(ARG(0)), PyBytes_Size(ARG(0)));
        }
        PyObject *right = OBJ(1);
        if (name[6] == 'a') {
            Py_XINCREF(right);
            PyBytes_ConcatAndDel(&left, right);
        } else {
            PyBytes_Concat(&left, right);
        }
        r = left;
    } else if (strcmp(name, "fromobject") == 0) {
        r = PyBytes_FromObject(ARG(0));
    } else if (strcmp(name, "repr") == 0) {
        r = PyBytes_Repr(ARG(0), INT(1));
    } else if (strcmp(name, "decodeescape") == 0) {
        r = PyBytes_DecodeEscape(PyBytes_AsString(ARG(0)), PyBytes_Size(ARG(0)), CSTR(1), 0,
                                 NULL);
    } else if (strcmp(name, "format") == 0) {
        int which = INT(0);
        switch (which) {
        case 0:
            r = PyBytes_FromFormat("plain %% text");
            break;
        case 1:
            r = PyBytes_FromFormat("%d|%i|%u|%ld|%lu|%zd|%zu|%x", -42, 7, 42u, -1234567890L,
                                   1234567890UL, (Py_ssize_t)-99, (size_t)99, 255);
            break;
        case 2:
            r = PyBytes_FromFormat("[%s][%.3s][%5s][%c%c]", "abc\xff", "abcdef", "xy", 'A', 200);
            break;
        case 3:
            r = PyBytes_FromFormat("%c", 256);
            break;
        case 4: {
            /* Not a literal: compilers check printf-like formats. */
            const char *fmt = ARG(1) != NULL ? PyUnicode_AsUTF8(ARG(1)) : "a%yb %d";
            r = PyBytes_FromFormat(fmt, 5);
            break;
        }
        case 5: {
            PyObject *p = PyBytes_FromFormat("%p", (void *)0x1234);
            if (p != NULL) {
                r = PyBool_FromLong(strcmp(PyBytes_AsString(p), "0x1234") == 0);
                Py_DECREF(p);
            }
            break;
        }
        default:
            r = PyBytes_FromFormat("%d%%", which);
        }
    } else if (strcmp(name, "memoryview") == 0) {
        PyObject *m = PyMemoryView_FromObject(ARG(0));
        if (m != NULL) {
            r = Py_BuildValue("(sN)", Py_TYPE(m)->tp_name, PyObject_Bytes(m));
            Py_DECREF(m);
        }
    } else if (strcmp(name, "bafromstring") == 0) {
        r = PyByteArray_FromStringAndSize(ARG(0) == Py_None ? NULL : PyBytes_AsString(ARG(0)),
                                          SIZE(1));
    } else if (strcmp(name, "bafromobject") == 0) {
        r = PyByteArray_FromObject(ARG(0));
    } else if (strcmp(name, "baconcat") == 0) {
        r = PyByteArray_Concat(ARG(0), ARG(1));
    } else if (strcmp(name, "bainfo") == 0) {
        PyObject *o = ARG(0);
        r = Py_BuildValue("(iinN)", PyByteArray_Check(o), PyByteArray_CheckExact(o),
                          PyByteArray_GET_SIZE(o),
                          PyBytes_FromStringAndSize(PyByteArray_AS_STRING(o),
                                                    PyByteArray_Size(o) + 1));
    } else if (strcmp(name, "baresize") == 0) {
        PyObject *o = ARG(0);
        if (PyByteArray_Resize(o, SIZE(1)) == 0) {
            char *p = PyByteArray_AsString(o);
            Py_ssize_t n = PyByteArray_Size(o);
            for (Py_ssize_t i = 0; i < n; i++) {
                if (p[i] == 0) {
                    p[i] = '.';
                }
            }
            Py_INCREF(o);
            r = o;
        }
    } else if (strcmp(name, "bawrite") == 0) {
        PyObject *o = PyByteArray_FromStringAndSize(NULL, 3);
        if (o != NULL) {
            char *p = PyByteArray_AsString(o);
            p[0] = 'x';
            p[1] = 'y';
            p[2] = 'z';
            r = o;
        }
    } else {
        PyErr_Format(PyExc_ValueError, "unknown operation %s", name);
    }
    Py_DECREF(args);
    return r;
}

/* uobj(name, *args): the remaining PySequence_*, PyObject_*, PyNumber_*,
   iterator and slice functions. */
static PyObject *uobj(PyObject *self, PyObject *args) {
    Py_ssize_t nargs = PyTuple_GET_SIZE(args);
    if (nargs < 1 || !PyUnicode_Check(PyTuple_GET_ITEM(args, 0))) {
        PyErr_SetString(PyExc_TypeError, "uobj(name, ...)");
        return NULL;
    }
    const char *name = PyUnicode_AsUTF8(PyTuple_GET_ITEM(args, 0));
    args = PyTuple_GetSlice(args, 1, nargs);
    if (args == NULL) {
        return NULL;
    }
    nargs -= 1;
    PyObject *r = NULL;
    if (strcmp(name, "concat") == 0) {
        r = PySequence_Concat(ARG(0), ARG(1));
    } else if (strcmp(name, "iconcat") == 0) {
        r = PySequence_InPlaceConcat(ARG(0), ARG(1));
    } else if (strcmp(name, "repeat") == 0) {
        r = PySequence_Repeat(ARG(0), SIZE(1));
    } else if (strcmp(name, "irepeat") == 0) {
        r = PySequence_InPlaceRepeat(ARG(0), SIZE(1));
    } else if (strcmp(name, "setslice") == 0) {
        r = ssize_result(PySequence_SetSlice(ARG(0), SIZE(1), SIZE(2), ARG(3)), -1);
    } else if (strcmp(name, "delslice") == 0) {
        r = ssize_result(PySequence_DelSlice(ARG(0), SIZE(1), SIZE(2)), -1);
    } else if (strcmp(name, "fast") == 0) {
        PyObject *f = PySequence_Fast(ARG(0), "fast() wants an iterable");
        if (f != NULL) {
            Py_ssize_t n = PySequence_Fast_GET_SIZE(f);
            PyObject *items = PyList_New(0);
            for (Py_ssize_t i = 0; items != NULL && i < n; i++) {
                PyList_Append(items, PySequence_Fast_GET_ITEM(f, i));
            }
            r = Py_BuildValue("(siN)", Py_TYPE(f)->tp_name, f == ARG(0), items);
            Py_DECREF(f);
        }
    } else if (strcmp(name, "ascii") == 0) {
        r = PyObject_ASCII(OBJ(0));
    } else if (strcmp(name, "delitemstring") == 0) {
        r = ssize_result(PyObject_DelItemString(ARG(0), PyUnicode_AsUTF8(ARG(1))), -1);
    } else if (strcmp(name, "hashnotimpl") == 0) {
        r = ssize_result(PyObject_HashNotImplemented(ARG(0)), -1);
    } else if (strcmp(name, "genericgetdict") == 0) {
        r = PyObject_GenericGetDict(ARG(0), NULL);
    } else if (strcmp(name, "reprenter") == 0) {
        /* Enter o twice, leave it, enter again: 0 1 1 then 0 after leaving. */
        PyObject *o = ARG(0);
        int a = Py_ReprEnter(o);
        int b = Py_ReprEnter(o);
        Py_ReprLeave(o);
        int c = Py_ReprEnter(o);
        Py_ReprLeave(o);
        r = Py_BuildValue("(iii)", a, b, c);
    } else if (strcmp(name, "matmul") == 0) {
        r = PyNumber_MatrixMultiply(ARG(0), ARG(1));
    } else if (strcmp(name, "imatmul") == 0) {
        r = PyNumber_InPlaceMatrixMultiply(ARG(0), ARG(1));
    } else if (strcmp(name, "numcheck") == 0) {
        r = PyLong_FromLong(PyNumber_Check(ARG(0)));
    } else if (strcmp(name, "tobase") == 0) {
        r = PyNumber_ToBase(ARG(0), INT(1));
    } else if (strcmp(name, "itercheck") == 0) {
        r = PyLong_FromLong(PyIter_Check(ARG(0)));
    } else if (strcmp(name, "seqiter") == 0) {
        r = PySeqIter_New(ARG(0));
        if (r != NULL) {
            PyObject *t = Py_BuildValue("(iiN)", PySeqIter_Check(r), PyIter_Check(r),
                                        PySequence_List(r));
            Py_DECREF(r);
            r = t;
        }
    } else if (strcmp(name, "calliter") == 0) {
        r = PyCallIter_New(ARG(0), ARG(1));
        if (r != NULL) {
            PyObject *t = Py_BuildValue("(iiN)", PyCallIter_Check(r), PyIter_Check(r),
                                        PySequence_List(r));
            Py_DECREF(r);
            r = t;
        }
    } else if (strcmp(name, "getindices") == 0) {
        Py_ssize_t start = -7, stop = -7, step = -7;
        int rc = PySlice_GetIndices(ARG(0), SIZE(1), &start, &stop, &step);
        if (rc == 0 || !PyErr_Occurred()) {
            r = Py_BuildValue("(innn)", rc, start, stop, step);
        }
    } else if (strcmp(name, "setnew") == 0) {
        r = PySet_New(OBJ(0));
    } else if (strcmp(name, "frozensetnew") == 0) {
        r = PyFrozenSet_New(OBJ(0));
    } else if (strcmp(name, "setsize") == 0) {
        r = ssize_result(PySet_Size(ARG(0)), -1);
    } else if (strcmp(name, "setcontains") == 0) {
        r = ssize_result(PySet_Contains(ARG(0), ARG(1)), -1);
    } else if (strcmp(name, "setadd") == 0) {
        r = ssize_result(PySet_Add(ARG(0), ARG(1)), -1);
    } else if (strcmp(name, "setdiscard") == 0) {
        r = ssize_result(PySet_Discard(ARG(0), ARG(1)), -1);
    } else if (strcmp(name, "setclear") == 0) {
        r = ssize_result(PySet_Clear(ARG(0)), -1);
    } else if (strcmp(name, "setpop") == 0) {
        r = PySet_Pop(ARG(0));
    } else if (strcmp(name, "setchecks") == 0) {
        PyObject *o = ARG(0);
        r = Py_BuildValue("(iiiiiin)", PySet_Check(o), PySet_CheckExact(o), PyFrozenSet_Check(o),
                          PyFrozenSet_CheckExact(o), PyAnySet_Check(o), PyAnySet_CheckExact(o),
                          PyAnySet_Check(o) ? PySet_GET_SIZE(o) : (Py_ssize_t)-1);
    } else if (strcmp(name, "fillfrozen") == 0) {
        /* A new frozenset filled with PySet_Add before it is shared. */
        PyObject *f = PyFrozenSet_New(NULL);
        if (f != NULL && (PySet_Add(f, ARG(0)) < 0 || PySet_Add(f, ARG(1)) < 0)) {
            Py_CLEAR(f);
        }
        r = f;
    } else if (strcmp(name, "llovf") == 0) {
        int ovf = 7;
        long long v = PyLong_AsLongLongAndOverflow(ARG(0), &ovf);
        if (!(v == -1 && PyErr_Occurred())) {
            r = Py_BuildValue("(Li)", v, ovf);
        }
    } else if (strcmp(name, "ulmask") == 0) {
        unsigned long v = PyLong_AsUnsignedLongMask(ARG(0));
        if (!(v == (unsigned long)-1 && PyErr_Occurred())) {
            r = PyLong_FromUnsignedLong(v);
        }
    } else if (strcmp(name, "ullmask") == 0) {
        unsigned long long v = PyLong_AsUnsignedLongLongMask(ARG(0));
        if (!(v == (unsigned long long)-1 && PyErr_Occurred())) {
            r = PyLong_FromUnsignedLongLong(v);
        }
    } else if (strcmp(name, "complex") == 0) {
        r = PyComplex_FromDoubles(PyFloat_AsDouble(ARG(0)), PyFloat_AsDouble(ARG(1)));
    } else if (strcmp(name, "complexparts") == 0) {
        double re = PyComplex_RealAsDouble(ARG(0));
        if (!(re == -1.0 && PyErr_Occurred())) {
            r = Py_BuildValue("(dd)", re, PyComplex_ImagAsDouble(ARG(0)));
        }
    } else if (strcmp(name, "listslice") == 0) {
        r = PyList_GetSlice(ARG(0), SIZE(1), SIZE(2));
    } else if (strcmp(name, "exceptions") == 0) {
        r = Py_BuildValue("(OOOOOOOOOOOOOOOOO)", PyExc_GeneratorExit, PyExc_UnboundLocalError,
                          PyExc_EOFError, PyExc_SyntaxError, PyExc_IndentationError,
                          PyExc_TabError, PyExc_UnicodeEncodeError, PyExc_OSError, PyExc_IOError,
                          PyExc_EnvironmentError, PyExc_ConnectionError, PyExc_BrokenPipeError,
                          PyExc_FileNotFoundError, PyExc_FileExistsError, PyExc_PermissionError,
                          PyExc_IsADirectoryError, PyExc_NotADirectoryError);
    } else if (strcmp(name, "raise") == 0) {
        PyObject *excs[] = {PyExc_EOFError, PyExc_OSError, PyExc_FileNotFoundError,
                            PyExc_SyntaxError, PyExc_UnicodeEncodeError};
        PyErr_SetString(excs[INT(0)], "from C");
    } else if (strcmp(name, "links") == 0) {
        PyObject *cause = PyException_GetCause(ARG(0));
        PyObject *ctx = PyException_GetContext(ARG(0));
        r = Py_BuildValue("(OO)", cause ? cause : Py_None, ctx ? ctx : Py_None);
        Py_XDECREF(cause);
        Py_XDECREF(ctx);
    } else if (strcmp(name, "setlinks") == 0) {
        PyObject *cause = OBJ(1), *ctx = OBJ(2);
        Py_XINCREF(cause);
        Py_XINCREF(ctx);
        PyException_SetCause(ARG(0), cause);
        PyException_SetContext(ARG(0), ctx);
        Py_INCREF(ARG(0));
        r = ARG(0);
    } else if (strcmp(name, "excname") == 0) {
        r = PyUnicode_FromString(PyExceptionClass_Name(ARG(0)));
    } else if (strcmp(name, "mergeseq2") == 0) {
        r = ssize_result(PyDict_MergeFromSeq2(ARG(0), ARG(1), INT(2)), -1);
    } else if (strcmp(name, "floatlimits") == 0) {
        r = Py_BuildValue("(dd)", PyFloat_GetMax(), PyFloat_GetMin());
    } else if (strcmp(name, "capsule") == 0) {
        /* A capsule's name and destructor changed after it is made. */
        PyObject *cap = PyCapsule_New(&the_pointer, "apiwalk.a", destructor_a);
        if (cap != NULL) {
            int before = destroyed;
            int got_a = PyCapsule_GetDestructor(cap) == destructor_a;
            int set_b = PyCapsule_SetDestructor(cap, destructor_b);
            int renamed = PyCapsule_SetName(cap, "apiwalk.b");
            int valid_old = PyCapsule_IsValid(cap, "apiwalk.a");
            int valid_new = PyCapsule_IsValid(cap, "apiwalk.b");
            int is_type = Py_IS_TYPE(cap, &PyCapsule_Type);
            Py_DECREF(cap);
            r = Py_BuildValue("(iiiiiii)", got_a, set_b, renamed, valid_old, valid_new, is_type,
                              destroyed - before);
        }
    } else if (strcmp(name, "capsulebad") == 0) {
        int which = INT(1);
        if (which == 0) {
            r = ssize_result(PyCapsule_SetName(ARG(0), "x"), -1);
        } else if (which == 1) {
            r = ssize_result(PyCapsule_SetDestructor(ARG(0), NULL), -1);
        } else if (PyCapsule_GetDestructor(ARG(0)) == NULL) {
            r = PyErr_Occurred() ? NULL : PyUnicode_FromString("no destructor");
        }
    } else if (strcmp(name, "send") == 0) {
        PyObject *res = (PyObject *)&the_pointer;
        PySendResult rc = PyIter_Send(ARG(0), ARG(1), &res);
        if (rc == PYGEN_ERROR) {
            r = res == NULL ? NULL : PyUnicode_FromString("result not cleared");
        } else {
            r = Py_BuildValue("(sN)", rc == PYGEN_NEXT ? "next" : "return", res);
        }
    } else if (strcmp(name, "longfromstring") == 0) {
        const char *text = PyUnicode_AsUTF8(ARG(0));
        char *end = NULL;
        PyObject *v = PyLong_FromString(text, &end, INT(1));
        if (v != NULL) {
            r = Py_BuildValue("(Nn)", v, (Py_ssize_t)(end - text));
        }
    } else if (strcmp(name, "types") == 0) {
        /* The exported type objects against the objects' own types. */
        PyObject *o = ARG(0);
        PyTypeObject *ts[] = {&PyByteArray_Type, &PyMemoryView_Type, &PySet_Type,
                              &PyFrozenSet_Type, &PyEllipsis_Type, &PyListIter_Type,
                              &PyListRevIter_Type, &PyTupleIter_Type, &PyRangeIter_Type,
                              &PyLongRangeIter_Type, &PySetIter_Type,
                              &PyDictIterKey_Type, &PyDictIterValue_Type,
                              &PyDictIterItem_Type, &PyZip_Type, &PyMap_Type, &PyFilter_Type,
                              &PyBytesIter_Type, &PyByteArrayIter_Type, &PySeqIter_Type,
                              &PyCallIter_Type};
        r = Py_None;
        Py_INCREF(r);
        for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) {
            if (Py_TYPE(o) == ts[i]) {
                Py_DECREF(r);
                r = PyUnicode_FromString(ts[i]->tp_name);
                break;
            }
        }
    } else {
        PyErr_Format(PyExc_ValueError, "unknown operation %s", name);
    }
    Py_DECREF(args);
    return r;
}

static PyMethodDef apiwalk_methods[] = {
    {"ustr", ustr, METH_VARARGS, NULL},
    {"ubytes", ubytes, METH_VARARGS, NULL},
    {"uobj", uobj, METH_VARARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef apiwalk_module = {
    PyModuleDef_HEAD_INIT, "apiwalk", "Stable-ABI functions small extensions use.", -1,
    apiwalk_methods,
};

PyMODINIT_FUNC PyInit_apiwalk(void) { return PyModule_Create(&apiwalk_module); }
