/*
 * Typhon's Python.h: a source-compatible subset of CPython 3.11's C API.
 *
 * A C extension written for CPython that sticks to this subset compiles
 * unchanged against this header and runs on Typhon. What differs from
 * CPython is invisible to such code:
 *
 *  - Objects start with CPython's header (ob_refcnt, ob_type), and
 *    Py_INCREF/Py_DECREF/Py_TYPE are inline field operations, as in CPython.
 *    Immortal objects (None, True, False, static types) are never counted,
 *    as in CPython 3.12.
 *  - API functions are reached through a table that Typhon hands to the
 *    extension when it loads it (the pointer `_typhon_api` below), not
 *    through dynamic symbols. The extension therefore needs no link step
 *    against a Typhon library and loads in the `typhon` binary and in any
 *    Rust program that embeds Typhon alike. Every API function is a
 *    `static inline` wrapper with a constant address, so it can still be
 *    used in static initializers (`.tp_new = PyType_GenericNew`).
 *  - Data such as Py_None, PyExc_TypeError or PyLong_Type are read through
 *    the same table, so they are expressions, not link-time constants:
 *    `&PyLong_Type` works anywhere an expression does, but not in a static
 *    initializer (set `tp_base` in the module init function instead).
 *  - Macros that CPython defines as raw field accesses of its own object
 *    layouts (PyTuple_GET_ITEM, PyList_SET_ITEM, PyFloat_AS_DOUBLE, ...) are
 *    function calls here, because Typhon's containers keep small ints and
 *    floats unboxed.
 *
 * The typed-method metadata of typed_methods.h is enabled by METH_TYPED,
 * which this header defines and CPython's does not.
 */
#ifndef Py_PYTHON_H
#define Py_PYTHON_H

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <assert.h>
#include <math.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ----- version and configuration ------------------------------------------ */

#define PY_MAJOR_VERSION 3
#define PY_MINOR_VERSION 11
#define PY_MICRO_VERSION 0
#define PY_RELEASE_LEVEL 0xF
#define PY_RELEASE_SERIAL 0
#define PY_VERSION "3.11.0"
#define PY_VERSION_HEX 0x030B00F0
#define PYTHON_API_VERSION 1013
#define PYTHON_ABI_VERSION 3

/* Typhon's own marks: code may test for them. */
#define TYPHON 1
#define TYPHON_API_VERSION 10

typedef ssize_t Py_ssize_t;
typedef Py_ssize_t Py_hash_t;
typedef intptr_t Py_intptr_t;
typedef uintptr_t Py_uintptr_t;
/* PEP 393 code units. */
typedef uint8_t Py_UCS1;
typedef uint16_t Py_UCS2;
typedef uint32_t Py_UCS4;
typedef size_t Py_uhash_t;
#define PY_SSIZE_T_MAX ((Py_ssize_t)(((size_t)-1) >> 1))
#define PY_SSIZE_T_MIN (-PY_SSIZE_T_MAX - 1)
#define PY_LONG_LONG long long
#define SIZEOF_LONG __SIZEOF_LONG__
#define SIZEOF_VOID_P __SIZEOF_POINTER__
#define SIZEOF_SIZE_T __SIZEOF_SIZE_T__

#define PyAPI_FUNC(RTYPE) RTYPE
#define PyAPI_DATA(RTYPE) extern RTYPE
#define PyMODINIT_FUNC __attribute__((visibility("default"))) PyObject *
#define Py_UNUSED(name) _unused_##name __attribute__((unused))
#define Py_LOCAL_INLINE(type) static inline type
#define Py_ARRAY_LENGTH(array) (sizeof(array) / sizeof((array)[0]))
#define Py_MIN(x, y) (((x) > (y)) ? (y) : (x))
#define Py_MAX(x, y) (((x) > (y)) ? (x) : (y))
#define Py_ABS(x) ((x) < 0 ? -(x) : (x))
#define Py_CHARMASK(c) ((unsigned char)((c) & 0xff))
#define Py_STRINGIFY(x) #x
#define _Py_STRINGIFY(x) #x
#define Py_UNREACHABLE() __builtin_unreachable()
#define Py_DEPRECATED(VERSION) __attribute__((deprecated))
#define _Py_NO_RETURN __attribute__((noreturn))
#define Py_GCC_ATTRIBUTE(x) __attribute__(x)

/* Docstrings, as CPython defines them (docstrings are always kept). */
#define PyDoc_VAR(name) static const char name[]
#define PyDoc_STR(str) str
#define PyDoc_STRVAR(name, str) PyDoc_VAR(name) = PyDoc_STR(str)

/* Float classification (C99's, as CPython 3.11 defines these). */
#define Py_IS_NAN(X) isnan(X)
#define Py_IS_INFINITY(X) isinf(X)
#define Py_IS_FINITE(X) isfinite(X)

/* Threads. Typhon runs Python code on one thread and has no GIL to
   release: an extension's `Py_BEGIN_ALLOW_THREADS` block runs as it is
   (it must not call the API inside, as under CPython), and the GIL-state
   calls from the interpreter's thread are no-ops. */
typedef struct _ts PyThreadState;
typedef enum { PyGILState_LOCKED, PyGILState_UNLOCKED } PyGILState_STATE;
static inline PyThreadState *PyEval_SaveThread(void) { return NULL; }
static inline void PyEval_RestoreThread(PyThreadState *tstate) { (void)tstate; }
static inline PyGILState_STATE PyGILState_Ensure(void) { return PyGILState_LOCKED; }
static inline void PyGILState_Release(PyGILState_STATE state) { (void)state; }
#define Py_BEGIN_ALLOW_THREADS { PyThreadState *_save = PyEval_SaveThread();
#define Py_BLOCK_THREADS PyEval_RestoreThread(_save);
#define Py_UNBLOCK_THREADS _save = PyEval_SaveThread();
#define Py_END_ALLOW_THREADS PyEval_RestoreThread(_save); }

/* ----- objects -------------------------------------------------------------- */

struct _typeobject;

/* The object header, identical to CPython's (and to Typhon's own objects). */
typedef struct _object {
    Py_ssize_t ob_refcnt;
    struct _typeobject *ob_type;
} PyObject;

typedef struct {
    PyObject ob_base;
    Py_ssize_t ob_size;
} PyVarObject;

/* An int, opaque to C (as the private layout of CPython's). */
typedef struct _longobject PyLongObject;

/* A list, opaque to C: Typhon's lists are not CPython's `ob_item` array
   (use PyList_GET_ITEM and the other list functions). */
typedef struct _listobject PyListObject;

#define PyObject_HEAD PyObject ob_base;
#define PyObject_VAR_HEAD PyVarObject ob_base;
#define PyObject_HEAD_INIT(type) { 1, type },
#define PyVarObject_HEAD_INIT(type, size) { PyObject_HEAD_INIT(type) size },

#define _PyObject_CAST(op) ((PyObject *)(op))
#define _PyVarObject_CAST(op) ((PyVarObject *)(op))

/* Objects whose count is at least this are immortal: never counted, never
 * freed (Typhon's singletons and static types). */
#define _Py_IMMORTAL_REFCNT (PY_SSIZE_T_MAX / 4)

#define Py_REFCNT(ob) (_PyObject_CAST(ob)->ob_refcnt)
#define Py_TYPE(ob) (_PyObject_CAST(ob)->ob_type)
#define Py_IS_TYPE(ob, type) (Py_TYPE(ob) == (type))
#define Py_SET_TYPE(ob, type) ((void)(Py_TYPE(ob) = (type)))
#define Py_SET_REFCNT(ob, n) ((void)(Py_REFCNT(ob) = (n)))
#define Py_Is(x, y) ((x) == (y))
#define Py_IsNone(x) Py_Is((x), Py_None)
#define Py_IsTrue(x) Py_Is((x), Py_True)
#define Py_IsFalse(x) Py_Is((x), Py_False)

/* ----- function types --------------------------------------------------------- */

typedef PyObject *(*unaryfunc)(PyObject *);
typedef PyObject *(*binaryfunc)(PyObject *, PyObject *);
typedef PyObject *(*ternaryfunc)(PyObject *, PyObject *, PyObject *);
typedef int (*inquiry)(PyObject *);
typedef Py_ssize_t (*lenfunc)(PyObject *);
typedef PyObject *(*ssizeargfunc)(PyObject *, Py_ssize_t);
typedef PyObject *(*ssizessizeargfunc)(PyObject *, Py_ssize_t, Py_ssize_t);
typedef int (*ssizeobjargproc)(PyObject *, Py_ssize_t, PyObject *);
typedef int (*ssizessizeobjargproc)(PyObject *, Py_ssize_t, Py_ssize_t, PyObject *);
typedef int (*objobjargproc)(PyObject *, PyObject *, PyObject *);
typedef int (*objobjproc)(PyObject *, PyObject *);
typedef int (*visitproc)(PyObject *, void *);
typedef int (*traverseproc)(PyObject *, visitproc, void *);
typedef void (*freefunc)(void *);
typedef void (*destructor)(PyObject *);
typedef PyObject *(*getattrfunc)(PyObject *, char *);
typedef PyObject *(*getattrofunc)(PyObject *, PyObject *);
typedef int (*setattrfunc)(PyObject *, char *, PyObject *);
typedef int (*setattrofunc)(PyObject *, PyObject *, PyObject *);
typedef PyObject *(*reprfunc)(PyObject *);
typedef Py_hash_t (*hashfunc)(PyObject *);
typedef PyObject *(*richcmpfunc)(PyObject *, PyObject *, int);
typedef PyObject *(*getiterfunc)(PyObject *);
typedef PyObject *(*iternextfunc)(PyObject *);
typedef PyObject *(*descrgetfunc)(PyObject *, PyObject *, PyObject *);
typedef int (*descrsetfunc)(PyObject *, PyObject *, PyObject *);
typedef int (*initproc)(PyObject *, PyObject *, PyObject *);
typedef PyObject *(*newfunc)(struct _typeobject *, PyObject *, PyObject *);
typedef PyObject *(*allocfunc)(struct _typeobject *, Py_ssize_t);
typedef PyObject *(*vectorcallfunc)(PyObject *callable, PyObject *const *args,
                                    size_t nargsf, PyObject *kwnames);
typedef PyObject *(*getter)(PyObject *, void *);
typedef int (*setter)(PyObject *, PyObject *, void *);

typedef PyObject *(*PyCFunction)(PyObject *, PyObject *);
typedef PyObject *(*PyCFunctionWithKeywords)(PyObject *, PyObject *, PyObject *);
typedef PyObject *(*_PyCFunctionFast)(PyObject *, PyObject *const *, Py_ssize_t);
typedef PyObject *(*_PyCFunctionFastWithKeywords)(PyObject *, PyObject *const *,
                                                  Py_ssize_t, PyObject *);
typedef _PyCFunctionFast PyCFunctionFast;
typedef _PyCFunctionFastWithKeywords PyCFunctionFastWithKeywords;
typedef PyObject *(*PyNoArgsFunction)(PyObject *);
/* METH_METHOD | METH_FASTCALL | METH_KEYWORDS: also the defining class. */
typedef PyObject *(*PyCMethod)(PyObject *, struct _typeobject *, PyObject *const *, size_t, PyObject *);
#define PY_VECTORCALL_ARGUMENTS_OFFSET ((size_t)1 << (8 * sizeof(size_t) - 1))
#define PyVectorcall_NARGS(n) ((Py_ssize_t)((n) & ~PY_VECTORCALL_ARGUMENTS_OFFSET))

/* ----- method, member and get-set tables ---------------------------------------- */

struct PyMethodDef {
    const char *ml_name;
    PyCFunction ml_meth;
    int ml_flags;
    const char *ml_doc;
};
typedef struct PyMethodDef PyMethodDef;

#define METH_VARARGS 0x0001
#define METH_KEYWORDS 0x0002
#define METH_NOARGS 0x0004
#define METH_O 0x0008
#define METH_CLASS 0x0010
#define METH_STATIC 0x0020
#define METH_COEXIST 0x0040
#define METH_FASTCALL 0x0080
#define METH_METHOD 0x0200
/* The entry's ml_name points into a PyTypedMethodMetadata (typed_methods.h).
 * CPython does not define this flag, which is how typed_methods.h tells the
 * two headers apart. */
#define METH_TYPED 0x1000

typedef struct PyMemberDef {
    const char *name;
    int type;
    Py_ssize_t offset;
    int flags;
    const char *doc;
} PyMemberDef;

typedef struct PyGetSetDef {
    const char *name;
    getter get;
    setter set;
    const char *doc;
    void *closure;
} PyGetSetDef;

/* ----- type objects --------------------------------------------------------------- */

typedef struct {
    binaryfunc nb_add;
    binaryfunc nb_subtract;
    binaryfunc nb_multiply;
    binaryfunc nb_remainder;
    binaryfunc nb_divmod;
    ternaryfunc nb_power;
    unaryfunc nb_negative;
    unaryfunc nb_positive;
    unaryfunc nb_absolute;
    inquiry nb_bool;
    unaryfunc nb_invert;
    binaryfunc nb_lshift;
    binaryfunc nb_rshift;
    binaryfunc nb_and;
    binaryfunc nb_xor;
    binaryfunc nb_or;
    unaryfunc nb_int;
    void *nb_reserved;
    unaryfunc nb_float;
    binaryfunc nb_inplace_add;
    binaryfunc nb_inplace_subtract;
    binaryfunc nb_inplace_multiply;
    binaryfunc nb_inplace_remainder;
    ternaryfunc nb_inplace_power;
    binaryfunc nb_inplace_lshift;
    binaryfunc nb_inplace_rshift;
    binaryfunc nb_inplace_and;
    binaryfunc nb_inplace_xor;
    binaryfunc nb_inplace_or;
    binaryfunc nb_floor_divide;
    binaryfunc nb_true_divide;
    binaryfunc nb_inplace_floor_divide;
    binaryfunc nb_inplace_true_divide;
    unaryfunc nb_index;
    binaryfunc nb_matrix_multiply;
    binaryfunc nb_inplace_matrix_multiply;
} PyNumberMethods;

typedef struct {
    lenfunc sq_length;
    binaryfunc sq_concat;
    ssizeargfunc sq_repeat;
    ssizeargfunc sq_item;
    void *was_sq_slice;
    ssizeobjargproc sq_ass_item;
    void *was_sq_ass_slice;
    objobjproc sq_contains;
    binaryfunc sq_inplace_concat;
    ssizeargfunc sq_inplace_repeat;
} PySequenceMethods;

typedef struct {
    lenfunc mp_length;
    binaryfunc mp_subscript;
    objobjargproc mp_ass_subscript;
} PyMappingMethods;

typedef struct {
    unaryfunc am_await;
    unaryfunc am_aiter;
    unaryfunc am_anext;
    void *am_send;
} PyAsyncMethods;

/* The buffer protocol (CPython 3.11's layout and flags). */
typedef struct bufferinfo {
    void *buf;
    PyObject *obj;
    Py_ssize_t len;
    Py_ssize_t itemsize;
    int readonly;
    int ndim;
    char *format;
    Py_ssize_t *shape;
    Py_ssize_t *strides;
    Py_ssize_t *suboffsets;
    void *internal;
} Py_buffer;
typedef int (*getbufferproc)(PyObject *, Py_buffer *, int);
typedef void (*releasebufferproc)(PyObject *, Py_buffer *);
typedef struct {
    getbufferproc bf_getbuffer;
    releasebufferproc bf_releasebuffer;
} PyBufferProcs;
#define PyBUF_MAX_NDIM 64
#define PyBUF_SIMPLE 0
#define PyBUF_WRITABLE 0x0001
#define PyBUF_WRITEABLE PyBUF_WRITABLE
#define PyBUF_FORMAT 0x0004
#define PyBUF_ND 0x0008
#define PyBUF_STRIDES (0x0010 | PyBUF_ND)
#define PyBUF_C_CONTIGUOUS (0x0020 | PyBUF_STRIDES)
#define PyBUF_F_CONTIGUOUS (0x0040 | PyBUF_STRIDES)
#define PyBUF_ANY_CONTIGUOUS (0x0080 | PyBUF_STRIDES)
#define PyBUF_INDIRECT (0x0100 | PyBUF_STRIDES)
#define PyBUF_CONTIG (PyBUF_ND | PyBUF_WRITABLE)
#define PyBUF_CONTIG_RO (PyBUF_ND)
#define PyBUF_STRIDED (PyBUF_STRIDES | PyBUF_WRITABLE)
#define PyBUF_STRIDED_RO (PyBUF_STRIDES)
#define PyBUF_RECORDS (PyBUF_STRIDES | PyBUF_WRITABLE | PyBUF_FORMAT)
#define PyBUF_RECORDS_RO (PyBUF_STRIDES | PyBUF_FORMAT)
#define PyBUF_FULL (PyBUF_INDIRECT | PyBUF_WRITABLE | PyBUF_FORMAT)
#define PyBUF_FULL_RO (PyBUF_INDIRECT | PyBUF_FORMAT)
#define PyBUF_READ 0x100
#define PyBUF_WRITE 0x200

/* What Typhon knows about a type beyond CPython's fields. A static type
 * defined in C leaves it zeroed, which Typhon reads as "a C type". */
typedef struct {
    const void *payload;
    unsigned int kind;
    unsigned int gc_slot;
} _TyphonTypeInfo;

/* CPython 3.11's PyTypeObject, field for field, then Typhon's trailer. */
typedef struct _typeobject {
    PyObject_VAR_HEAD
    const char *tp_name;
    Py_ssize_t tp_basicsize, tp_itemsize;
    destructor tp_dealloc;
    Py_ssize_t tp_vectorcall_offset;
    getattrfunc tp_getattr;
    setattrfunc tp_setattr;
    PyAsyncMethods *tp_as_async;
    reprfunc tp_repr;
    PyNumberMethods *tp_as_number;
    PySequenceMethods *tp_as_sequence;
    PyMappingMethods *tp_as_mapping;
    hashfunc tp_hash;
    ternaryfunc tp_call;
    reprfunc tp_str;
    getattrofunc tp_getattro;
    setattrofunc tp_setattro;
    PyBufferProcs *tp_as_buffer;
    unsigned long tp_flags;
    const char *tp_doc;
    traverseproc tp_traverse;
    inquiry tp_clear;
    richcmpfunc tp_richcompare;
    Py_ssize_t tp_weaklistoffset;
    getiterfunc tp_iter;
    iternextfunc tp_iternext;
    struct PyMethodDef *tp_methods;
    struct PyMemberDef *tp_members;
    struct PyGetSetDef *tp_getset;
    struct _typeobject *tp_base;
    PyObject *tp_dict;
    descrgetfunc tp_descr_get;
    descrsetfunc tp_descr_set;
    Py_ssize_t tp_dictoffset;
    initproc tp_init;
    allocfunc tp_alloc;
    newfunc tp_new;
    freefunc tp_free;
    inquiry tp_is_gc;
    PyObject *tp_bases;
    PyObject *tp_mro;
    PyObject *tp_cache;
    PyObject *tp_subclasses;
    PyObject *tp_weaklist;
    destructor tp_del;
    unsigned int tp_version_tag;
    destructor tp_finalize;
    vectorcallfunc tp_vectorcall;
    _TyphonTypeInfo tp_typhon;
} PyTypeObject;

#define Py_TPFLAGS_MANAGED_DICT (1UL << 4)
#define Py_TPFLAGS_SEQUENCE (1UL << 5)
#define Py_TPFLAGS_MAPPING (1UL << 6)
#define Py_TPFLAGS_DISALLOW_INSTANTIATION (1UL << 7)
#define Py_TPFLAGS_IMMUTABLETYPE (1UL << 8)
#define Py_TPFLAGS_HEAPTYPE (1UL << 9)
#define Py_TPFLAGS_BASETYPE (1UL << 10)
#define Py_TPFLAGS_HAVE_VECTORCALL (1UL << 11)
#define Py_TPFLAGS_READY (1UL << 12)
#define Py_TPFLAGS_READYING (1UL << 13)
#define Py_TPFLAGS_HAVE_GC (1UL << 14)
#define Py_TPFLAGS_HAVE_STACKLESS_EXTENSION 0
#define Py_TPFLAGS_METHOD_DESCRIPTOR (1UL << 17)
#define Py_TPFLAGS_VALID_VERSION_TAG (1UL << 19)
#define Py_TPFLAGS_IS_ABSTRACT (1UL << 20)
#define Py_TPFLAGS_LONG_SUBCLASS (1UL << 24)
#define Py_TPFLAGS_LIST_SUBCLASS (1UL << 25)
#define Py_TPFLAGS_TUPLE_SUBCLASS (1UL << 26)
#define Py_TPFLAGS_BYTES_SUBCLASS (1UL << 27)
#define Py_TPFLAGS_UNICODE_SUBCLASS (1UL << 28)
#define Py_TPFLAGS_DICT_SUBCLASS (1UL << 29)
#define Py_TPFLAGS_BASE_EXC_SUBCLASS (1UL << 30)
#define Py_TPFLAGS_TYPE_SUBCLASS (1UL << 31)
#define Py_TPFLAGS_DEFAULT 0
#define Py_TPFLAGS_HAVE_FINALIZE (1UL << 0)
#define Py_TPFLAGS_HAVE_VERSION_TAG (1UL << 18)

/* Heap types made from a spec (PyType_FromSpec and friends). Slot ids are
 * CPython 3.11's (typeslots.h). */
typedef struct {
    int slot;
    void *pfunc;
} PyType_Slot;

typedef struct {
    const char *name;
    int basicsize;
    int itemsize;
    unsigned int flags;
    PyType_Slot *slots;
} PyType_Spec;

#define Py_bf_getbuffer 1
#define Py_bf_releasebuffer 2
#define Py_mp_ass_subscript 3
#define Py_mp_length 4
#define Py_mp_subscript 5
#define Py_nb_absolute 6
#define Py_nb_add 7
#define Py_nb_and 8
#define Py_nb_bool 9
#define Py_nb_divmod 10
#define Py_nb_float 11
#define Py_nb_floor_divide 12
#define Py_nb_index 13
#define Py_nb_inplace_add 14
#define Py_nb_inplace_and 15
#define Py_nb_inplace_floor_divide 16
#define Py_nb_inplace_lshift 17
#define Py_nb_inplace_multiply 18
#define Py_nb_inplace_or 19
#define Py_nb_inplace_power 20
#define Py_nb_inplace_remainder 21
#define Py_nb_inplace_rshift 22
#define Py_nb_inplace_subtract 23
#define Py_nb_inplace_true_divide 24
#define Py_nb_inplace_xor 25
#define Py_nb_int 26
#define Py_nb_invert 27
#define Py_nb_lshift 28
#define Py_nb_multiply 29
#define Py_nb_negative 30
#define Py_nb_or 31
#define Py_nb_positive 32
#define Py_nb_power 33
#define Py_nb_remainder 34
#define Py_nb_rshift 35
#define Py_nb_subtract 36
#define Py_nb_true_divide 37
#define Py_nb_xor 38
#define Py_sq_ass_item 39
#define Py_sq_concat 40
#define Py_sq_contains 41
#define Py_sq_inplace_concat 42
#define Py_sq_inplace_repeat 43
#define Py_sq_item 44
#define Py_sq_length 45
#define Py_sq_repeat 46
#define Py_tp_alloc 47
#define Py_tp_base 48
#define Py_tp_bases 49
#define Py_tp_call 50
#define Py_tp_clear 51
#define Py_tp_dealloc 52
#define Py_tp_del 53
#define Py_tp_descr_get 54
#define Py_tp_descr_set 55
#define Py_tp_doc 56
#define Py_tp_getattr 57
#define Py_tp_getattro 58
#define Py_tp_hash 59
#define Py_tp_init 60
#define Py_tp_is_gc 61
#define Py_tp_iter 62
#define Py_tp_iternext 63
#define Py_tp_methods 64
#define Py_tp_new 65
#define Py_tp_repr 66
#define Py_tp_richcompare 67
#define Py_tp_setattr 68
#define Py_tp_setattro 69
#define Py_tp_str 70
#define Py_tp_traverse 71
#define Py_tp_members 72
#define Py_tp_getset 73
#define Py_tp_free 74
#define Py_nb_matrix_multiply 75
#define Py_nb_inplace_matrix_multiply 76
#define Py_am_await 77
#define Py_am_aiter 78
#define Py_am_anext 79
#define Py_tp_finalize 80
#define Py_am_send 81

/* CPython 3.11's PyHeapTypeObject: what a type made from a spec is. (Its
 * PyTypeObject carries Typhon's trailer, so offsets differ from CPython's;
 * code that names the fields compiles unchanged.) */
typedef struct _heaptypeobject {
    PyTypeObject ht_type;
    PyAsyncMethods as_async;
    PyNumberMethods as_number;
    PyMappingMethods as_mapping;
    PySequenceMethods as_sequence;
    PyBufferProcs as_buffer;
    PyObject *ht_name, *ht_slots, *ht_qualname;
    void *ht_cached_keys;
    PyObject *ht_module;
    char *_ht_tpname;
    struct {
        PyObject *getitem;
    } _spec_cache;
} PyHeapTypeObject;

#define PyType_HasFeature(t, f) (((t)->tp_flags & (f)) != 0)
#define PyType_FastSubclass(t, f) PyType_HasFeature(t, f)

/* ----- modules ------------------------------------------------------------------------- */

typedef struct PyModuleDef_Base {
    PyObject ob_base;
    PyObject *(*m_init)(void);
    Py_ssize_t m_index;
    PyObject *m_copy;
} PyModuleDef_Base;

#define PyModuleDef_HEAD_INIT { PyObject_HEAD_INIT(NULL) NULL, 0, NULL }

typedef struct PyModuleDef_Slot {
    int slot;
    void *value;
} PyModuleDef_Slot;

/* Multi-phase initialization (PEP 489): a PyInit_* function returns
 * PyModuleDef_Init(&def); the module is made by the Py_mod_create slot (or
 * from the definition), then each Py_mod_exec slot runs on it, in order. */
#define Py_mod_create 1
#define Py_mod_exec 2
#define PyModule_FromDefAndSpec(def, spec) PyModule_FromDefAndSpec2((def), (spec), PYTHON_API_VERSION)

/* PyIter_Send's results. */
typedef enum { PYGEN_RETURN = 0, PYGEN_ERROR = -1, PYGEN_NEXT = 1 } PySendResult;

/* Capsules: a C pointer in an object, checked by name. */
typedef void (*PyCapsule_Destructor)(PyObject *);

typedef struct PyModuleDef {
    PyModuleDef_Base m_base;
    const char *m_name;
    const char *m_doc;
    Py_ssize_t m_size;
    PyMethodDef *m_methods;
    PyModuleDef_Slot *m_slots;
    traverseproc m_traverse;
    inquiry m_clear;
    freefunc m_free;
} PyModuleDef;

/* ----- rich comparison ------------------------------------------------------------------ */

#define Py_LT 0
#define Py_LE 1
#define Py_EQ 2
#define Py_NE 3
#define Py_GT 4
#define Py_GE 5

/* ----- the API table -------------------------------------------------------------------- */

/* Internal to Typhon's Py_BuildValue: a value gathered for a tuple or list
 * before the container is made, either a number not boxed yet or an object
 * (a new reference). The table's _Typhon_PySeq_FromItems makes the
 * container from these and stores the numbers unboxed. */
#define _TYPHON_ITEM_OBJECT 0
#define _TYPHON_ITEM_LONG 1
#define _TYPHON_ITEM_DOUBLE 2
typedef struct {
    long kind;
    union {
        PyObject *o;
        long long i;
        double d;
    } v;
} _TyphonItem;

#include "typhon_api.h"

/* The table of the extension (or of Typhon's own C code) that includes this
 * header. One weak definition is shared by all of the extension's files;
 * Typhon's loader finds it by name and fills it in before PyInit_<name>
 * runs. */
#ifdef TYPHON_INTERNAL
__attribute__((weak, visibility("hidden"))) const struct _typhon_api *_typhon_api;
#else
__attribute__((weak, visibility("default"))) const struct _typhon_api *_typhon_api;
__attribute__((weak, visibility("default"))) const int _typhon_api_version = TYPHON_API_VERSION;
#endif

#include "typhon_api_wrappers.h"

/* ----- data ----------------------------------------------------------------------------- */

#define Py_None (_typhon_api->Py_None)
#define Py_True (_typhon_api->Py_True)
#define Py_False (_typhon_api->Py_False)
#define Py_NotImplemented (_typhon_api->Py_NotImplemented)

#define PyType_Type (*_typhon_api->PyType_Type)
#define PyBaseObject_Type (*_typhon_api->PyBaseObject_Type)
#define PyLong_Type (*_typhon_api->PyLong_Type)
#define PyBool_Type (*_typhon_api->PyBool_Type)
#define PyFloat_Type (*_typhon_api->PyFloat_Type)
#define PyUnicode_Type (*_typhon_api->PyUnicode_Type)
#define PyBytes_Type (*_typhon_api->PyBytes_Type)
#define PyTuple_Type (*_typhon_api->PyTuple_Type)
#define PyList_Type (*_typhon_api->PyList_Type)
#define PyDict_Type (*_typhon_api->PyDict_Type)
#define PyModule_Type (*_typhon_api->PyModule_Type)
#define PyCFunction_Type (*_typhon_api->PyCFunction_Type)
#define PySlice_Type (*_typhon_api->PySlice_Type)
#define PyRange_Type (*_typhon_api->PyRange_Type)
#define PyFunction_Type (*_typhon_api->PyFunction_Type)
#define PyMethod_Type (*_typhon_api->PyMethod_Type)
#define PyStaticMethod_Type (*_typhon_api->PyStaticMethod_Type)
#define PyClassMethod_Type (*_typhon_api->PyClassMethod_Type)
#define PyProperty_Type (*_typhon_api->PyProperty_Type)
#define PySuper_Type (*_typhon_api->PySuper_Type)
#define PyReversed_Type (*_typhon_api->PyReversed_Type)
#define PyEnum_Type (*_typhon_api->PyEnum_Type)
#define PyGen_Type (*_typhon_api->PyGen_Type)
#define PyDictKeys_Type (*_typhon_api->PyDictKeys_Type)
#define PyDictValues_Type (*_typhon_api->PyDictValues_Type)
#define PyDictItems_Type (*_typhon_api->PyDictItems_Type)
#define PyComplex_Type (*_typhon_api->PyComplex_Type)
#define PyCapsule_Type (*_typhon_api->PyCapsule_Type)
#define PyByteArray_Type (*_typhon_api->PyByteArray_Type)
#define PyMemoryView_Type (*_typhon_api->PyMemoryView_Type)
#define PySet_Type (*_typhon_api->PySet_Type)
#define PyFrozenSet_Type (*_typhon_api->PyFrozenSet_Type)
#define PyEllipsis_Type (*_typhon_api->PyEllipsis_Type)
#define PySeqIter_Type (*_typhon_api->PySeqIter_Type)
#define PyCallIter_Type (*_typhon_api->PyCallIter_Type)
#define PyListIter_Type (*_typhon_api->PyListIter_Type)
#define PyListRevIter_Type (*_typhon_api->PyListRevIter_Type)
#define PyTupleIter_Type (*_typhon_api->PyTupleIter_Type)
#define PyRangeIter_Type (*_typhon_api->PyRangeIter_Type)
#define PyLongRangeIter_Type (*_typhon_api->PyLongRangeIter_Type)
#define PySetIter_Type (*_typhon_api->PySetIter_Type)
#define PyDictIterKey_Type (*_typhon_api->PyDictIterKey_Type)
#define PyDictIterValue_Type (*_typhon_api->PyDictIterValue_Type)
#define PyDictIterItem_Type (*_typhon_api->PyDictIterItem_Type)
#define PyZip_Type (*_typhon_api->PyZip_Type)
#define PyMap_Type (*_typhon_api->PyMap_Type)
#define PyFilter_Type (*_typhon_api->PyFilter_Type)
#define PyBytesIter_Type (*_typhon_api->PyBytesIter_Type)
#define PyByteArrayIter_Type (*_typhon_api->PyByteArrayIter_Type)

#define PyExc_BaseException (_typhon_api->PyExc_BaseException)
#define PyExc_Exception (_typhon_api->PyExc_Exception)
#define PyExc_ArithmeticError (_typhon_api->PyExc_ArithmeticError)
#define PyExc_ZeroDivisionError (_typhon_api->PyExc_ZeroDivisionError)
#define PyExc_OverflowError (_typhon_api->PyExc_OverflowError)
#define PyExc_ValueError (_typhon_api->PyExc_ValueError)
#define PyExc_TypeError (_typhon_api->PyExc_TypeError)
#define PyExc_LookupError (_typhon_api->PyExc_LookupError)
#define PyExc_IndexError (_typhon_api->PyExc_IndexError)
#define PyExc_KeyError (_typhon_api->PyExc_KeyError)
#define PyExc_NameError (_typhon_api->PyExc_NameError)
#define PyExc_AttributeError (_typhon_api->PyExc_AttributeError)
#define PyExc_RuntimeError (_typhon_api->PyExc_RuntimeError)
#define PyExc_RecursionError (_typhon_api->PyExc_RecursionError)
#define PyExc_NotImplementedError (_typhon_api->PyExc_NotImplementedError)
#define PyExc_StopIteration (_typhon_api->PyExc_StopIteration)
#define PyExc_AssertionError (_typhon_api->PyExc_AssertionError)
#define PyExc_ImportError (_typhon_api->PyExc_ImportError)
#define PyExc_ModuleNotFoundError (_typhon_api->PyExc_ModuleNotFoundError)
#define PyExc_SystemError (_typhon_api->PyExc_SystemError)
#define PyExc_MemoryError (_typhon_api->PyExc_MemoryError)
#define PyExc_UnicodeError (_typhon_api->PyExc_UnicodeError)
#define PyExc_UnicodeDecodeError (_typhon_api->PyExc_UnicodeDecodeError)
#define PyExc_KeyboardInterrupt (_typhon_api->PyExc_KeyboardInterrupt)
#define PyExc_SystemExit (_typhon_api->PyExc_SystemExit)
#define PyExc_BufferError (_typhon_api->PyExc_BufferError)
#define PyExc_Warning (_typhon_api->PyExc_Warning)
#define PyExc_UserWarning (_typhon_api->PyExc_UserWarning)
#define PyExc_DeprecationWarning (_typhon_api->PyExc_DeprecationWarning)
#define PyExc_PendingDeprecationWarning (_typhon_api->PyExc_PendingDeprecationWarning)
#define PyExc_RuntimeWarning (_typhon_api->PyExc_RuntimeWarning)
#define PyExc_SyntaxWarning (_typhon_api->PyExc_SyntaxWarning)
#define PyExc_FutureWarning (_typhon_api->PyExc_FutureWarning)
#define PyExc_ImportWarning (_typhon_api->PyExc_ImportWarning)
#define PyExc_UnicodeWarning (_typhon_api->PyExc_UnicodeWarning)
#define PyExc_BytesWarning (_typhon_api->PyExc_BytesWarning)
#define PyExc_ResourceWarning (_typhon_api->PyExc_ResourceWarning)
#define PyExc_EncodingWarning (_typhon_api->PyExc_EncodingWarning)
#define PyExc_GeneratorExit (_typhon_api->PyExc_GeneratorExit)
#define PyExc_UnboundLocalError (_typhon_api->PyExc_UnboundLocalError)
#define PyExc_EOFError (_typhon_api->PyExc_EOFError)
#define PyExc_SyntaxError (_typhon_api->PyExc_SyntaxError)
#define PyExc_IndentationError (_typhon_api->PyExc_IndentationError)
#define PyExc_TabError (_typhon_api->PyExc_TabError)
#define PyExc_UnicodeEncodeError (_typhon_api->PyExc_UnicodeEncodeError)
#define PyExc_OSError (_typhon_api->PyExc_OSError)
#define PyExc_ConnectionError (_typhon_api->PyExc_ConnectionError)
#define PyExc_BrokenPipeError (_typhon_api->PyExc_BrokenPipeError)
#define PyExc_FileNotFoundError (_typhon_api->PyExc_FileNotFoundError)
#define PyExc_FileExistsError (_typhon_api->PyExc_FileExistsError)
#define PyExc_PermissionError (_typhon_api->PyExc_PermissionError)
#define PyExc_IsADirectoryError (_typhon_api->PyExc_IsADirectoryError)
#define PyExc_NotADirectoryError (_typhon_api->PyExc_NotADirectoryError)
#define PyExc_ConnectionAbortedError (_typhon_api->PyExc_ConnectionAbortedError)
#define PyExc_ConnectionRefusedError (_typhon_api->PyExc_ConnectionRefusedError)
#define PyExc_ConnectionResetError (_typhon_api->PyExc_ConnectionResetError)
#define PyExc_BlockingIOError (_typhon_api->PyExc_BlockingIOError)
#define PyExc_ChildProcessError (_typhon_api->PyExc_ChildProcessError)
#define PyExc_InterruptedError (_typhon_api->PyExc_InterruptedError)
#define PyExc_ProcessLookupError (_typhon_api->PyExc_ProcessLookupError)
#define PyExc_TimeoutError (_typhon_api->PyExc_TimeoutError)
#define PyExc_FloatingPointError (_typhon_api->PyExc_FloatingPointError)
#define PyExc_ReferenceError (_typhon_api->PyExc_ReferenceError)
#define PyExc_StopAsyncIteration (_typhon_api->PyExc_StopAsyncIteration)
#define PyExc_UnicodeTranslateError (_typhon_api->PyExc_UnicodeTranslateError)
#define PyExc_IOError PyExc_OSError
#define PyExc_EnvironmentError PyExc_OSError
/* Prints the message and ends the process (status 1; CPython aborts). */
#define Py_FatalError(message) _Py_FatalErrorFunc(__func__, (message))

/* ----- reference counting ------------------------------------------------------------------ */

static inline void _Py_Dealloc(PyObject *op) {
    Py_TYPE(op)->tp_dealloc(op);
}

static inline void Py_INCREF(PyObject *op) {
    if (op->ob_refcnt < _Py_IMMORTAL_REFCNT) {
        op->ob_refcnt++;
    }
}

static inline void Py_DECREF(PyObject *op) {
    if (op->ob_refcnt < _Py_IMMORTAL_REFCNT && --op->ob_refcnt == 0) {
        _Py_Dealloc(op);
    }
}

#define Py_INCREF(op) Py_INCREF(_PyObject_CAST(op))
#define Py_DECREF(op) Py_DECREF(_PyObject_CAST(op))

static inline void Py_XINCREF(PyObject *op) {
    if (op != NULL) {
        Py_INCREF(op);
    }
}

static inline void Py_XDECREF(PyObject *op) {
    if (op != NULL) {
        Py_DECREF(op);
    }
}

#define Py_XINCREF(op) Py_XINCREF(_PyObject_CAST(op))
#define Py_XDECREF(op) Py_XDECREF(_PyObject_CAST(op))

static inline PyObject *Py_NewRef(PyObject *op) {
    Py_INCREF(op);
    return op;
}

static inline PyObject *Py_XNewRef(PyObject *op) {
    Py_XINCREF(op);
    return op;
}

#define Py_NewRef(op) Py_NewRef(_PyObject_CAST(op))
#define Py_XNewRef(op) Py_XNewRef(_PyObject_CAST(op))

#define Py_CLEAR(op)                                \
    do {                                            \
        PyObject *_py_tmp = _PyObject_CAST(op);     \
        if (_py_tmp != NULL) {                      \
            (op) = NULL;                            \
            Py_DECREF(_py_tmp);                     \
        }                                           \
    } while (0)

#define Py_SETREF(op, op2)                          \
    do {                                            \
        PyObject *_py_tmp = _PyObject_CAST(op);     \
        (op) = (op2);                               \
        Py_DECREF(_py_tmp);                         \
    } while (0)

#define Py_XSETREF(op, op2)                         \
    do {                                            \
        PyObject *_py_tmp = _PyObject_CAST(op);     \
        (op) = (op2);                               \
        Py_XDECREF(_py_tmp);                        \
    } while (0)

#define Py_VISIT(op)                                            \
    do {                                                        \
        if (op) {                                               \
            int vret = visit(_PyObject_CAST(op), arg);          \
            if (vret)                                           \
                return vret;                                    \
        }                                                       \
    } while (0)

#define Py_RETURN_NONE return Py_NewRef(Py_None)
#define Py_RETURN_TRUE return Py_NewRef(Py_True)
#define Py_RETURN_FALSE return Py_NewRef(Py_False)
#define Py_RETURN_NOTIMPLEMENTED return Py_NewRef(Py_NotImplemented)

#define Py_RETURN_RICHCOMPARE(val1, val2, op)                                \
    do {                                                                     \
        switch (op) {                                                        \
        case Py_EQ: if ((val1) == (val2)) Py_RETURN_TRUE; Py_RETURN_FALSE;   \
        case Py_NE: if ((val1) != (val2)) Py_RETURN_TRUE; Py_RETURN_FALSE;   \
        case Py_LT: if ((val1) < (val2)) Py_RETURN_TRUE; Py_RETURN_FALSE;    \
        case Py_GT: if ((val1) > (val2)) Py_RETURN_TRUE; Py_RETURN_FALSE;    \
        case Py_LE: if ((val1) <= (val2)) Py_RETURN_TRUE; Py_RETURN_FALSE;   \
        case Py_GE: if ((val1) >= (val2)) Py_RETURN_TRUE; Py_RETURN_FALSE;   \
        default: Py_UNREACHABLE();                                           \
        }                                                                    \
    } while (0)

/* ----- type checks --------------------------------------------------------------------------- */

#define PyType_Check(op) PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_TYPE_SUBCLASS)
#define PyType_CheckExact(op) Py_IS_TYPE(op, &PyType_Type)
#define PyLong_Check(op) PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_LONG_SUBCLASS)
#define PyLong_CheckExact(op) Py_IS_TYPE(op, &PyLong_Type)
#define PyBool_Check(x) Py_IS_TYPE(x, &PyBool_Type)
#define PyFloat_Check(op) PyObject_TypeCheck(op, &PyFloat_Type)
#define PyFloat_CheckExact(op) Py_IS_TYPE(op, &PyFloat_Type)
#define PyUnicode_Check(op) PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_UNICODE_SUBCLASS)
#define PyUnicode_CheckExact(op) Py_IS_TYPE(op, &PyUnicode_Type)
#define PyBytes_Check(op) PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_BYTES_SUBCLASS)
#define PyBytes_CheckExact(op) Py_IS_TYPE(op, &PyBytes_Type)
#define PyTuple_Check(op) PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_TUPLE_SUBCLASS)
#define PyTuple_CheckExact(op) Py_IS_TYPE(op, &PyTuple_Type)
#define PyList_Check(op) PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_LIST_SUBCLASS)
#define PyList_CheckExact(op) Py_IS_TYPE(op, &PyList_Type)
#define PyDict_Check(op) PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_DICT_SUBCLASS)
#define PyDict_CheckExact(op) Py_IS_TYPE(op, &PyDict_Type)
#define PyModule_Check(op) PyObject_TypeCheck(op, &PyModule_Type)
#define PyModule_CheckExact(op) Py_IS_TYPE(op, &PyModule_Type)
#define PyByteArray_Check(op) PyObject_TypeCheck(op, &PyByteArray_Type)
#define PyByteArray_CheckExact(op) Py_IS_TYPE(op, &PyByteArray_Type)
#define PyByteArray_AS_STRING(op) PyByteArray_AsString(_PyObject_CAST(op))
#define PyByteArray_GET_SIZE(op) PyByteArray_Size(_PyObject_CAST(op))
#define PySet_Check(op) PyObject_TypeCheck(op, &PySet_Type)
#define PySet_CheckExact(op) Py_IS_TYPE(op, &PySet_Type)
#define PyFrozenSet_Check(op) PyObject_TypeCheck(op, &PyFrozenSet_Type)
#define PyFrozenSet_CheckExact(op) Py_IS_TYPE(op, &PyFrozenSet_Type)
#define PyAnySet_Check(op) (PySet_Check(op) || PyFrozenSet_Check(op))
#define PyAnySet_CheckExact(op) (PySet_CheckExact(op) || PyFrozenSet_CheckExact(op))
#define PySet_GET_SIZE(op) PySet_Size(_PyObject_CAST(op))
#define PySeqIter_Check(op) Py_IS_TYPE(op, &PySeqIter_Type)
#define PyCallIter_Check(op) Py_IS_TYPE(op, &PyCallIter_Type)
/* PySequence_Fast's result is a list or a tuple (PySequence_Fast_ITEMS is
   not provided: Typhon's lists are not C arrays). */
#define PySequence_Fast_GET_SIZE(o)                                                    \
    (PyList_Check(o) ? PyList_GET_SIZE(o) : PyTuple_GET_SIZE(o))
#define PySequence_Fast_GET_ITEM(o, i)                                                 \
    (PyList_Check(o) ? PyList_GET_ITEM(o, i) : PyTuple_GET_ITEM(o, i))
#define PyCFunction_Check(op) Py_IS_TYPE(op, &PyCFunction_Type)
#define PyExceptionClass_Check(x)                                           \
    (PyType_Check((x)) &&                                                   \
     PyType_FastSubclass((PyTypeObject *)(x), Py_TPFLAGS_BASE_EXC_SUBCLASS))
#define PyExceptionInstance_Check(x)                                        \
    PyType_FastSubclass(Py_TYPE(x), Py_TPFLAGS_BASE_EXC_SUBCLASS)
#define PyObject_TypeCheck(ob, type)                                        \
    (Py_IS_TYPE(ob, type) || PyType_IsSubtype(Py_TYPE(ob), (type)))

/* ----- functions that CPython defines as macros ------------------------------------------------ */

#define PyModule_Create(def) PyModule_Create2((def), PYTHON_API_VERSION)
#define PyTuple_GET_ITEM(op, i) PyTuple_GetItem(_PyObject_CAST(op), (i))
#define PyTuple_SET_ITEM(op, i, v) _Typhon_PyTuple_SET_ITEM(_PyObject_CAST(op), (i), _PyObject_CAST(v))
#define PyTuple_GET_SIZE(op) PyTuple_Size(_PyObject_CAST(op))
#define PyList_GET_ITEM(op, i) PyList_GetItem(_PyObject_CAST(op), (i))
#define PyList_SET_ITEM(op, i, v) ((void)PyList_SetItem(_PyObject_CAST(op), (i), _PyObject_CAST(v)))
#define PyList_GET_SIZE(op) PyList_Size(_PyObject_CAST(op))
#define PyFloat_AS_DOUBLE(op) PyFloat_AsDouble(_PyObject_CAST(op))
#define PyBytes_AS_STRING(op) PyBytes_AsString(_PyObject_CAST(op))
#define PyBytes_GET_SIZE(op) PyBytes_Size(_PyObject_CAST(op))
#define PyUnicode_GET_LENGTH(op) PyUnicode_GetLength(_PyObject_CAST(op))
#define PyUnicode_READY(op) 0
#define PyUnicode_IS_READY(op) 1

/* PEP 393: a str shows C its code points as an array of 1-, 2- or 4-byte
 * units (the narrowest that holds its largest), made when first asked for.
 * PyUnicode_New makes a string for C to fill through PyUnicode_DATA and
 * PyUnicode_WRITE (or PyUnicode_WriteChar) before returning or sharing it,
 * as CPython requires; the object itself is opaque (PyUnicodeObject). */
typedef struct _typhon_unicode_object PyUnicodeObject;
enum PyUnicode_Kind {
    PyUnicode_WCHAR_KIND = 0,
    PyUnicode_1BYTE_KIND = 1,
    PyUnicode_2BYTE_KIND = 2,
    PyUnicode_4BYTE_KIND = 4
};
#define PyUnicode_KIND(op) _Typhon_PyUnicode_Kind(_PyObject_CAST(op))
#define PyUnicode_DATA(op) _Typhon_PyUnicode_Data(_PyObject_CAST(op))
#define PyUnicode_1BYTE_DATA(op) ((Py_UCS1 *)PyUnicode_DATA(op))
#define PyUnicode_2BYTE_DATA(op) ((Py_UCS2 *)PyUnicode_DATA(op))
#define PyUnicode_4BYTE_DATA(op) ((Py_UCS4 *)PyUnicode_DATA(op))
#define PyUnicode_MAX_CHAR_VALUE(op) _Typhon_PyUnicode_MaxCharValue(_PyObject_CAST(op))
#define PyUnicode_IS_ASCII(op) (PyUnicode_MAX_CHAR_VALUE(op) < 0x80)
#define PyUnicode_IS_COMPACT(op) 1
#define PyUnicode_IS_COMPACT_ASCII(op) PyUnicode_IS_ASCII(op)
#define PyUnicode_READ(kind, data, index)                                              \
    ((Py_UCS4)((kind) == PyUnicode_1BYTE_KIND   ? ((const Py_UCS1 *)(data))[(index)]   \
               : (kind) == PyUnicode_2BYTE_KIND ? ((const Py_UCS2 *)(data))[(index)]   \
                                                : ((const Py_UCS4 *)(data))[(index)]))
#define PyUnicode_WRITE(kind, data, index, value)                                      \
    do {                                                                               \
        switch ((kind)) {                                                              \
        case PyUnicode_1BYTE_KIND:                                                     \
            ((Py_UCS1 *)(data))[(index)] = (Py_UCS1)(value);                           \
            break;                                                                     \
        case PyUnicode_2BYTE_KIND:                                                     \
            ((Py_UCS2 *)(data))[(index)] = (Py_UCS2)(value);                           \
            break;                                                                     \
        default:                                                                       \
            ((Py_UCS4 *)(data))[(index)] = (Py_UCS4)(value);                           \
        }                                                                              \
    } while (0)
#define PyUnicode_READ_CHAR(op, index) PyUnicode_ReadChar(_PyObject_CAST(op), (index))
#define Py_SIZE(op) _Typhon_Py_SIZE(_PyObject_CAST(op))
#define PyObject_New(type, typeobj) ((type *)_PyObject_New(typeobj))
#define PyObject_NewVar(type, typeobj, n) ((type *)_PyObject_NewVar((typeobj), (n)))
#define PyObject_GC_New(type, typeobj) PyObject_New(type, typeobj)
#define PyObject_GC_NewVar(type, typeobj, n) PyObject_NewVar(type, typeobj, n)
#define PyObject_Del PyObject_Free
#define PyObject_DEL PyObject_Free
#define PyObject_GC_Del PyObject_Free
#define PyObject_GC_Track(op) ((void)(op))
#define PyObject_GC_UnTrack(op) ((void)(op))
/* CPython's trashcan defers deallocations nested too deep; Typhon runs a
   C type's tp_dealloc as written (the block is entered once, as CPython's
   is when nothing is deferred). */
#define Py_TRASHCAN_BEGIN(op, dealloc) do {
#define Py_TRASHCAN_END } while (0);
#define PyObject_DelAttrString(o, name) PyObject_SetAttrString((o), (name), NULL)
#define PyObject_DelAttr(o, name) PyObject_SetAttr((o), (name), NULL)
#define PyMem_New(type, n) ((type *)PyMem_Malloc((n) * sizeof(type)))
#define PyMem_Resize(p, type, n) ((p) = (type *)PyMem_Realloc((p), (n) * sizeof(type)))
#define PyMem_Del PyMem_Free
#define PyMem_DEL PyMem_Free
#define PyErr_BadInternalCall() _PyErr_BadInternalCall(__FILE__, __LINE__)

/* ----- functions with C variable arguments ------------------------------------------------------- */

static inline int PyArg_ParseTuple(PyObject *args, const char *format, ...) {
    va_list va;
    va_start(va, format);
    int r = PyArg_VaParse(args, format, va);
    va_end(va);
    return r;
}

static inline int PyArg_ParseTupleAndKeywords(PyObject *args, PyObject *kw,
                                              const char *format, char **kwlist, ...) {
    va_list va;
    va_start(va, kwlist);
    int r = PyArg_VaParseTupleAndKeywords(args, kw, format, kwlist, va);
    va_end(va);
    return r;
}

static inline int PyArg_UnpackTuple(PyObject *args, const char *name, Py_ssize_t min,
                                    Py_ssize_t max, ...) {
    va_list va;
    va_start(va, max);
    int r = _Typhon_PyArg_VaUnpackTuple(args, name, min, max, va);
    va_end(va);
    return r;
}

static inline PyObject *Py_BuildValue(const char *format, ...) {
    va_list va;
    va_start(va, format);
    PyObject *r = Py_VaBuildValue(format, va);
    va_end(va);
    return r;
}

static inline PyObject *PyUnicode_FromFormat(const char *format, ...) {
    va_list va;
    va_start(va, format);
    PyObject *r = PyUnicode_FromFormatV(format, va);
    va_end(va);
    return r;
}

static inline PyObject *PyBytes_FromFormat(const char *format, ...) {
    va_list va;
    va_start(va, format);
    PyObject *r = PyBytes_FromFormatV(format, va);
    va_end(va);
    return r;
}

static inline PyObject *PyErr_Format(PyObject *exception, const char *format, ...) {
    va_list va;
    va_start(va, format);
    PyObject *r = PyErr_FormatV(exception, format, va);
    va_end(va);
    return r;
}

/* A warning whose message is formatted as PyUnicode_FromFormat does. */
static inline int PyErr_WarnFormat(PyObject *category, Py_ssize_t stack_level, const char *format, ...) {
    va_list va;
    va_start(va, format);
    PyObject *msg = PyUnicode_FromFormatV(format, va);
    va_end(va);
    if (msg == NULL) {
        return -1;
    }
    const char *text = PyUnicode_AsUTF8(msg);
    int r = text == NULL ? -1 : PyErr_WarnEx(category, text, stack_level);
    Py_DECREF(msg);
    return r;
}

static inline PyObject *PyObject_CallFunction(PyObject *callable, const char *format, ...) {
    va_list va;
    va_start(va, format);
    PyObject *r = _Typhon_CallFunctionV(callable, format, va);
    va_end(va);
    return r;
}

static inline PyObject *PyObject_CallMethod(PyObject *obj, const char *name,
                                            const char *format, ...) {
    va_list va;
    va_start(va, format);
    PyObject *r = _Typhon_CallMethodV(obj, name, format, va);
    va_end(va);
    return r;
}

static inline PyObject *PyObject_CallFunctionObjArgs(PyObject *callable, ...) {
    va_list va;
    va_start(va, callable);
    PyObject *r = _Typhon_CallFunctionObjArgsV(callable, va);
    va_end(va);
    return r;
}

static inline PyObject *PyObject_CallMethodObjArgs(PyObject *obj, PyObject *name, ...) {
    va_list va;
    va_start(va, name);
    PyObject *r = _Typhon_CallMethodObjArgsV(obj, name, va);
    va_end(va);
    return r;
}

static inline PyObject *PyTuple_Pack(Py_ssize_t n, ...) {
    va_list va;
    va_start(va, n);
    PyObject *r = _Typhon_PyTuple_PackV(n, va);
    va_end(va);
    return r;
}

/* An O& converter returning this is called again with NULL to clean up
 * when a later argument fails to parse. */
#define Py_CLEANUP_SUPPORTED 0x20000

#define _PyArg_NoKeywords(name, kw) ((kw) == NULL || PyDict_Size(kw) == 0 ? 1 : \
    (PyErr_Format(PyExc_TypeError, "%s() takes no keyword arguments", (name)), 0))

/* Small API functions made of the table's (header-only). */

static inline PyObject *PyLong_FromVoidPtr(void *p) {
    return PyLong_FromUnsignedLongLong((unsigned long long)(uintptr_t)p);
}

static inline void *PyLong_AsVoidPtr(PyObject *o) {
    long long v = PyLong_AsLongLong(o);
    if (v == -1 && PyErr_Occurred()) {
        return NULL;
    }
    return (void *)(intptr_t)v;
}

/* d[key] if present, else d[key] = dflt; a borrowed reference. */
static inline PyObject *PyDict_SetDefault(PyObject *d, PyObject *key, PyObject *dflt) {
    PyObject *v = PyDict_GetItemWithError(d, key);
    if (v != NULL || PyErr_Occurred()) {
        return v;
    }
    if (PyDict_SetItem(d, key, dflt) < 0) {
        return NULL;
    }
    return dflt;
}

/* C recursion guard: at most 1000 nested calls (CPython's default
   recursion limit) per C file, then RecursionError, so that C code
   recursing over deep input stops with an exception rather than
   overflowing the stack. Unlike CPython's, the count does not include
   the Python frames around it. */
__attribute__((unused)) static int _typhon_c_recursion_depth;
static inline int Py_EnterRecursiveCall(const char *where) {
    if (++_typhon_c_recursion_depth > 1000) {
        --_typhon_c_recursion_depth;
        PyErr_Format(PyExc_RecursionError, "maximum recursion depth exceeded%s", where);
        return -1;
    }
    return 0;
}
static inline void Py_LeaveRecursiveCall(void) {
    --_typhon_c_recursion_depth;
}

#ifdef __cplusplus
}
#endif


#endif /* Py_PYTHON_H */
