/* Generated from capi/src/api.rs; do not edit. Regenerate with
 * `TYPHON_BLESS=1 cargo test -p capi headers`. */
#ifndef TYPHON_API_WRAPPERS_H
#define TYPHON_API_WRAPPERS_H

static inline void Py_IncRef(PyObject *o) { _typhon_api->Py_IncRef(o); }
static inline void Py_DecRef(PyObject *o) { _typhon_api->Py_DecRef(o); }
static inline void PyErr_SetString(PyObject *t, const char *msg) { _typhon_api->PyErr_SetString(t, msg); }
static inline void PyErr_SetObject(PyObject *t, PyObject *v) { _typhon_api->PyErr_SetObject(t, v); }
static inline void PyErr_SetNone(PyObject *t) { _typhon_api->PyErr_SetNone(t); }
static inline PyObject *PyErr_Occurred(void) { return _typhon_api->PyErr_Occurred(); }
static inline void PyErr_Clear(void) { _typhon_api->PyErr_Clear(); }
static inline void PyErr_WriteUnraisable(PyObject *obj) { _typhon_api->PyErr_WriteUnraisable(obj); }
static inline PyObject *PyErr_NoMemory(void) { return _typhon_api->PyErr_NoMemory(); }
static inline int PyErr_BadArgument(void) { return _typhon_api->PyErr_BadArgument(); }
static inline void _PyErr_BadInternalCall(const char *file, int line) { _typhon_api->_PyErr_BadInternalCall(file, line); }
static inline int PyErr_GivenExceptionMatches(PyObject *given, PyObject *t) { return _typhon_api->PyErr_GivenExceptionMatches(given, t); }
static inline int PyErr_ExceptionMatches(PyObject *t) { return _typhon_api->PyErr_ExceptionMatches(t); }
static inline void PyErr_Fetch(PyObject **ptype, PyObject **pvalue, PyObject **ptb) { _typhon_api->PyErr_Fetch(ptype, pvalue, ptb); }
static inline void PyErr_Restore(PyObject *t, PyObject *v, PyObject *tb) { _typhon_api->PyErr_Restore(t, v, tb); }
static inline void PyErr_NormalizeException(PyObject **ptype, PyObject **pvalue, PyObject **ptb) { _typhon_api->PyErr_NormalizeException(ptype, pvalue, ptb); }
static inline PyObject *PyErr_NewException(const char *name, PyObject *base, PyObject *dict) { return _typhon_api->PyErr_NewException(name, base, dict); }
static inline PyObject *PyErr_NewExceptionWithDoc(const char *name, const char *doc, PyObject *base, PyObject *dict) { return _typhon_api->PyErr_NewExceptionWithDoc(name, doc, base, dict); }
static inline PyObject *PyLong_FromLong(long v) { return _typhon_api->PyLong_FromLong(v); }
static inline PyObject *PyLong_FromLongLong(long long v) { return _typhon_api->PyLong_FromLongLong(v); }
static inline PyObject *PyLong_FromSsize_t(Py_ssize_t v) { return _typhon_api->PyLong_FromSsize_t(v); }
static inline PyObject *PyLong_FromUnsignedLong(unsigned long v) { return _typhon_api->PyLong_FromUnsignedLong(v); }
static inline PyObject *PyLong_FromUnsignedLongLong(unsigned long long v) { return _typhon_api->PyLong_FromUnsignedLongLong(v); }
static inline PyObject *PyLong_FromSize_t(size_t v) { return _typhon_api->PyLong_FromSize_t(v); }
static inline PyObject *PyLong_FromDouble(double v) { return _typhon_api->PyLong_FromDouble(v); }
static inline long PyLong_AsLong(PyObject *o) { return _typhon_api->PyLong_AsLong(o); }
static inline long PyLong_AsLongAndOverflow(PyObject *o, int *overflow) { return _typhon_api->PyLong_AsLongAndOverflow(o, overflow); }
static inline size_t _PyLong_NumBits(PyObject *o) { return _typhon_api->_PyLong_NumBits(o); }
static inline long long PyLong_AsLongLong(PyObject *o) { return _typhon_api->PyLong_AsLongLong(o); }
static inline Py_ssize_t PyLong_AsSsize_t(PyObject *o) { return _typhon_api->PyLong_AsSsize_t(o); }
static inline unsigned long PyLong_AsUnsignedLong(PyObject *o) { return _typhon_api->PyLong_AsUnsignedLong(o); }
static inline unsigned long long PyLong_AsUnsignedLongLong(PyObject *o) { return _typhon_api->PyLong_AsUnsignedLongLong(o); }
static inline size_t PyLong_AsSize_t(PyObject *o) { return _typhon_api->PyLong_AsSize_t(o); }
static inline double PyLong_AsDouble(PyObject *o) { return _typhon_api->PyLong_AsDouble(o); }
static inline PyObject *PyBool_FromLong(long v) { return _typhon_api->PyBool_FromLong(v); }
static inline PyObject *PyFloat_FromDouble(double v) { return _typhon_api->PyFloat_FromDouble(v); }
static inline double PyFloat_AsDouble(PyObject *o) { return _typhon_api->PyFloat_AsDouble(o); }
static inline PyObject *PyUnicode_FromString(const char *s) { return _typhon_api->PyUnicode_FromString(s); }
static inline PyObject *PyUnicode_InternFromString(const char *s) { return _typhon_api->PyUnicode_InternFromString(s); }
static inline PyObject *PyUnicode_FromStringAndSize(const char *s, Py_ssize_t n) { return _typhon_api->PyUnicode_FromStringAndSize(s, n); }
static inline PyObject *PyUnicode_DecodeUTF8(const char *s, Py_ssize_t n, const char *errors) { return _typhon_api->PyUnicode_DecodeUTF8(s, n, errors); }
static inline const char *PyUnicode_AsUTF8(PyObject *o) { return _typhon_api->PyUnicode_AsUTF8(o); }
static inline const char *PyUnicode_AsUTF8AndSize(PyObject *o, Py_ssize_t *size) { return _typhon_api->PyUnicode_AsUTF8AndSize(o, size); }
static inline Py_ssize_t PyUnicode_GetLength(PyObject *o) { return _typhon_api->PyUnicode_GetLength(o); }
static inline PyObject *PyUnicode_Concat(PyObject *a, PyObject *b) { return _typhon_api->PyUnicode_Concat(a, b); }
static inline int PyUnicode_CompareWithASCIIString(PyObject *o, const char *s) { return _typhon_api->PyUnicode_CompareWithASCIIString(o, s); }
static inline int PyUnicode_Compare(PyObject *a, PyObject *b) { return _typhon_api->PyUnicode_Compare(a, b); }
static inline PyObject *PyUnicode_AsUTF8String(PyObject *o) { return _typhon_api->PyUnicode_AsUTF8String(o); }
static inline PyObject *PyUnicode_FromOrdinal(int c) { return _typhon_api->PyUnicode_FromOrdinal(c); }
static inline PyObject *PyBytes_FromStringAndSize(const char *s, Py_ssize_t n) { return _typhon_api->PyBytes_FromStringAndSize(s, n); }
static inline PyObject *PyBytes_FromString(const char *s) { return _typhon_api->PyBytes_FromString(s); }
static inline char *PyBytes_AsString(PyObject *o) { return _typhon_api->PyBytes_AsString(o); }
static inline Py_ssize_t PyBytes_Size(PyObject *o) { return _typhon_api->PyBytes_Size(o); }
static inline int PyBytes_AsStringAndSize(PyObject *o, char **buf, Py_ssize_t *len) { return _typhon_api->PyBytes_AsStringAndSize(o, buf, len); }
static inline PyObject *PyTuple_New(Py_ssize_t n) { return _typhon_api->PyTuple_New(n); }
static inline Py_ssize_t PyTuple_Size(PyObject *t) { return _typhon_api->PyTuple_Size(t); }
static inline PyObject *PyTuple_GetItem(PyObject *t, Py_ssize_t i) { return _typhon_api->PyTuple_GetItem(t, i); }
static inline int PyTuple_SetItem(PyObject *t, Py_ssize_t i, PyObject *v) { return _typhon_api->PyTuple_SetItem(t, i, v); }
static inline void _Typhon_PyTuple_SET_ITEM(PyObject *t, Py_ssize_t i, PyObject *v) { _typhon_api->_Typhon_PyTuple_SET_ITEM(t, i, v); }
static inline PyObject *_Typhon_PySeq_FromItems(const _TyphonItem *items, Py_ssize_t n, int as_list) { return _typhon_api->_Typhon_PySeq_FromItems(items, n, as_list); }
static inline PyObject *PyTuple_GetSlice(PyObject *t, Py_ssize_t lo, Py_ssize_t hi) { return _typhon_api->PyTuple_GetSlice(t, lo, hi); }
static inline PyObject *PyList_New(Py_ssize_t n) { return _typhon_api->PyList_New(n); }
static inline Py_ssize_t PyList_Size(PyObject *l) { return _typhon_api->PyList_Size(l); }
static inline PyObject *PyList_GetItem(PyObject *l, Py_ssize_t i) { return _typhon_api->PyList_GetItem(l, i); }
static inline int PyList_SetItem(PyObject *l, Py_ssize_t i, PyObject *v) { return _typhon_api->PyList_SetItem(l, i, v); }
static inline int PyList_Insert(PyObject *l, Py_ssize_t i, PyObject *v) { return _typhon_api->PyList_Insert(l, i, v); }
static inline int PyList_Append(PyObject *l, PyObject *v) { return _typhon_api->PyList_Append(l, v); }
static inline PyObject *PyList_AsTuple(PyObject *l) { return _typhon_api->PyList_AsTuple(l); }
static inline int PyList_Reverse(PyObject *l) { return _typhon_api->PyList_Reverse(l); }
static inline int PyList_Sort(PyObject *l) { return _typhon_api->PyList_Sort(l); }
static inline PyObject *PyDict_New(void) { return _typhon_api->PyDict_New(); }
static inline PyObject *PyDict_GetItem(PyObject *d, PyObject *key) { return _typhon_api->PyDict_GetItem(d, key); }
static inline PyObject *PyDict_GetItemWithError(PyObject *d, PyObject *key) { return _typhon_api->PyDict_GetItemWithError(d, key); }
static inline PyObject *PyDict_GetItemString(PyObject *d, const char *key) { return _typhon_api->PyDict_GetItemString(d, key); }
static inline int PyDict_SetItem(PyObject *d, PyObject *key, PyObject *v) { return _typhon_api->PyDict_SetItem(d, key, v); }
static inline int PyDict_SetItemString(PyObject *d, const char *key, PyObject *v) { return _typhon_api->PyDict_SetItemString(d, key, v); }
static inline int PyDict_DelItem(PyObject *d, PyObject *key) { return _typhon_api->PyDict_DelItem(d, key); }
static inline int PyDict_DelItemString(PyObject *d, const char *key) { return _typhon_api->PyDict_DelItemString(d, key); }
static inline Py_ssize_t PyDict_Size(PyObject *d) { return _typhon_api->PyDict_Size(d); }
static inline int PyDict_Contains(PyObject *d, PyObject *key) { return _typhon_api->PyDict_Contains(d, key); }
static inline PyObject *PyDict_Keys(PyObject *d) { return _typhon_api->PyDict_Keys(d); }
static inline PyObject *PyDict_Values(PyObject *d) { return _typhon_api->PyDict_Values(d); }
static inline PyObject *PyDict_Items(PyObject *d) { return _typhon_api->PyDict_Items(d); }
static inline int PyDict_Next(PyObject *d, Py_ssize_t *pos, PyObject **key, PyObject **value) { return _typhon_api->PyDict_Next(d, pos, key, value); }
static inline PyObject *PyDict_Copy(PyObject *d) { return _typhon_api->PyDict_Copy(d); }
static inline int PyDict_Merge(PyObject *a, PyObject *b, int over) { return _typhon_api->PyDict_Merge(a, b, over); }
static inline int PyDict_Update(PyObject *a, PyObject *b) { return _typhon_api->PyDict_Update(a, b); }
static inline void PyDict_Clear(PyObject *d) { _typhon_api->PyDict_Clear(d); }
static inline PyObject *PyObject_GetAttrString(PyObject *o, const char *name) { return _typhon_api->PyObject_GetAttrString(o, name); }
static inline PyObject *PyObject_GetAttr(PyObject *o, PyObject *name) { return _typhon_api->PyObject_GetAttr(o, name); }
static inline int PyObject_SetAttrString(PyObject *o, const char *name, PyObject *v) { return _typhon_api->PyObject_SetAttrString(o, name, v); }
static inline int PyObject_SetAttr(PyObject *o, PyObject *name, PyObject *v) { return _typhon_api->PyObject_SetAttr(o, name, v); }
static inline int PyObject_HasAttrString(PyObject *o, const char *name) { return _typhon_api->PyObject_HasAttrString(o, name); }
static inline int PyObject_HasAttr(PyObject *o, PyObject *name) { return _typhon_api->PyObject_HasAttr(o, name); }
static inline PyObject *PyObject_Call(PyObject *callable, PyObject *args, PyObject *kwargs) { return _typhon_api->PyObject_Call(callable, args, kwargs); }
static inline PyObject *PyObject_CallObject(PyObject *callable, PyObject *args) { return _typhon_api->PyObject_CallObject(callable, args); }
static inline PyObject *PyObject_CallNoArgs(PyObject *callable) { return _typhon_api->PyObject_CallNoArgs(callable); }
static inline PyObject *PyObject_CallOneArg(PyObject *callable, PyObject *arg) { return _typhon_api->PyObject_CallOneArg(callable, arg); }
static inline PyObject *PyObject_Repr(PyObject *o) { return _typhon_api->PyObject_Repr(o); }
static inline PyObject *PyObject_Str(PyObject *o) { return _typhon_api->PyObject_Str(o); }
static inline PyObject *PyObject_RichCompare(PyObject *a, PyObject *b, int op) { return _typhon_api->PyObject_RichCompare(a, b, op); }
static inline int PyObject_RichCompareBool(PyObject *a, PyObject *b, int op) { return _typhon_api->PyObject_RichCompareBool(a, b, op); }
static inline int PyObject_IsTrue(PyObject *o) { return _typhon_api->PyObject_IsTrue(o); }
static inline int PyObject_Not(PyObject *o) { return _typhon_api->PyObject_Not(o); }
static inline Py_ssize_t PyObject_Length(PyObject *o) { return _typhon_api->PyObject_Length(o); }
static inline Py_ssize_t PyObject_Size(PyObject *o) { return _typhon_api->PyObject_Size(o); }
static inline PyObject *PyObject_GetItem(PyObject *o, PyObject *key) { return _typhon_api->PyObject_GetItem(o, key); }
static inline int PyObject_SetItem(PyObject *o, PyObject *key, PyObject *v) { return _typhon_api->PyObject_SetItem(o, key, v); }
static inline int PyObject_DelItem(PyObject *o, PyObject *key) { return _typhon_api->PyObject_DelItem(o, key); }
static inline Py_hash_t PyObject_Hash(PyObject *o) { return _typhon_api->PyObject_Hash(o); }
static inline PyObject *PyObject_Type(PyObject *o) { return _typhon_api->PyObject_Type(o); }
static inline int PyObject_IsInstance(PyObject *o, PyObject *cls) { return _typhon_api->PyObject_IsInstance(o, cls); }
static inline int PyObject_IsSubclass(PyObject *o, PyObject *cls) { return _typhon_api->PyObject_IsSubclass(o, cls); }
static inline PyObject *PyObject_GetIter(PyObject *o) { return _typhon_api->PyObject_GetIter(o); }
static inline PyObject *PyIter_Next(PyObject *it) { return _typhon_api->PyIter_Next(it); }
static inline int PyCallable_Check(PyObject *o) { return _typhon_api->PyCallable_Check(o); }
static inline PyObject *PyNumber_Add(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_Add(a, b); }
static inline PyObject *PyNumber_Subtract(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_Subtract(a, b); }
static inline PyObject *PyNumber_Multiply(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_Multiply(a, b); }
static inline PyObject *PyNumber_TrueDivide(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_TrueDivide(a, b); }
static inline PyObject *PyNumber_FloorDivide(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_FloorDivide(a, b); }
static inline PyObject *PyNumber_Remainder(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_Remainder(a, b); }
static inline PyObject *PyNumber_Negative(PyObject *a) { return _typhon_api->PyNumber_Negative(a); }
static inline PyObject *PyNumber_Index(PyObject *a) { return _typhon_api->PyNumber_Index(a); }
static inline PyObject *PyNumber_Long(PyObject *a) { return _typhon_api->PyNumber_Long(a); }
static inline PyObject *PyNumber_Float(PyObject *a) { return _typhon_api->PyNumber_Float(a); }
static inline PyObject *PyNumber_Lshift(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_Lshift(a, b); }
static inline PyObject *PyNumber_Rshift(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_Rshift(a, b); }
static inline PyObject *PyNumber_And(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_And(a, b); }
static inline PyObject *PyNumber_Or(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_Or(a, b); }
static inline PyObject *PyNumber_Xor(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_Xor(a, b); }
static inline PyObject *PyNumber_Power(PyObject *a, PyObject *b, PyObject *m) { return _typhon_api->PyNumber_Power(a, b, m); }
static inline PyObject *PyNumber_InPlaceAdd(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_InPlaceAdd(a, b); }
static inline PyObject *PyNumber_InPlaceSubtract(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_InPlaceSubtract(a, b); }
static inline PyObject *PyNumber_InPlaceMultiply(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_InPlaceMultiply(a, b); }
static inline PyObject *PyNumber_InPlaceTrueDivide(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_InPlaceTrueDivide(a, b); }
static inline PyObject *PyNumber_InPlaceFloorDivide(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_InPlaceFloorDivide(a, b); }
static inline PyObject *PyNumber_InPlaceRemainder(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_InPlaceRemainder(a, b); }
static inline PyObject *PyNumber_InPlaceLshift(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_InPlaceLshift(a, b); }
static inline PyObject *PyNumber_InPlaceRshift(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_InPlaceRshift(a, b); }
static inline PyObject *PyNumber_InPlaceAnd(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_InPlaceAnd(a, b); }
static inline PyObject *PyNumber_InPlaceOr(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_InPlaceOr(a, b); }
static inline PyObject *PyNumber_InPlaceXor(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_InPlaceXor(a, b); }
static inline PyObject *PyNumber_InPlacePower(PyObject *a, PyObject *b, PyObject *m) { return _typhon_api->PyNumber_InPlacePower(a, b, m); }
static inline PyObject *PyNumber_Positive(PyObject *a) { return _typhon_api->PyNumber_Positive(a); }
static inline PyObject *PyNumber_Invert(PyObject *a) { return _typhon_api->PyNumber_Invert(a); }
static inline PyObject *PyNumber_Absolute(PyObject *a) { return _typhon_api->PyNumber_Absolute(a); }
static inline PyObject *PyObject_Format(PyObject *o, PyObject *spec) { return _typhon_api->PyObject_Format(o, spec); }
static inline PyObject *PyNumber_Divmod(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_Divmod(a, b); }
static inline PyObject *PyObject_Bytes(PyObject *o) { return _typhon_api->PyObject_Bytes(o); }
static inline PyObject *PyObject_Dir(PyObject *o) { return _typhon_api->PyObject_Dir(o); }
static inline int PySequence_Contains(PyObject *o, PyObject *v) { return _typhon_api->PySequence_Contains(o, v); }
static inline int PySequence_Check(PyObject *o) { return _typhon_api->PySequence_Check(o); }
static inline Py_ssize_t PySequence_Size(PyObject *o) { return _typhon_api->PySequence_Size(o); }
static inline Py_ssize_t PySequence_Length(PyObject *o) { return _typhon_api->PySequence_Length(o); }
static inline PyObject *PySequence_GetItem(PyObject *o, Py_ssize_t i) { return _typhon_api->PySequence_GetItem(o, i); }
static inline int PySequence_SetItem(PyObject *o, Py_ssize_t i, PyObject *v) { return _typhon_api->PySequence_SetItem(o, i, v); }
static inline int PySequence_DelItem(PyObject *o, Py_ssize_t i) { return _typhon_api->PySequence_DelItem(o, i); }
static inline PyObject *PySequence_GetSlice(PyObject *o, Py_ssize_t i, Py_ssize_t j) { return _typhon_api->PySequence_GetSlice(o, i, j); }
static inline Py_ssize_t PySequence_Count(PyObject *o, PyObject *v) { return _typhon_api->PySequence_Count(o, v); }
static inline Py_ssize_t PySequence_Index(PyObject *o, PyObject *v) { return _typhon_api->PySequence_Index(o, v); }
static inline int PySequence_In(PyObject *o, PyObject *v) { return _typhon_api->PySequence_In(o, v); }
static inline PyObject *PySequence_Tuple(PyObject *o) { return _typhon_api->PySequence_Tuple(o); }
static inline PyObject *PySequence_List(PyObject *o) { return _typhon_api->PySequence_List(o); }
static inline unsigned long PyType_GetFlags(PyTypeObject *t) { return _typhon_api->PyType_GetFlags(t); }
static inline int PyType_Ready(PyTypeObject *t) { return _typhon_api->PyType_Ready(t); }
static inline PyObject *PyType_GenericAlloc(PyTypeObject *t, Py_ssize_t n) { return _typhon_api->PyType_GenericAlloc(t, n); }
static inline PyObject *PyType_GenericNew(PyTypeObject *t, PyObject *args, PyObject *kwds) { return _typhon_api->PyType_GenericNew(t, args, kwds); }
static inline int PyType_IsSubtype(PyTypeObject *a, PyTypeObject *b) { return _typhon_api->PyType_IsSubtype(a, b); }
static inline void PyType_Modified(PyTypeObject *t) { _typhon_api->PyType_Modified(t); }
static inline PyObject *PyObject_GenericGetAttr(PyObject *o, PyObject *name) { return _typhon_api->PyObject_GenericGetAttr(o, name); }
static inline int PyObject_GenericSetAttr(PyObject *o, PyObject *name, PyObject *v) { return _typhon_api->PyObject_GenericSetAttr(o, name, v); }
static inline Py_ssize_t _Typhon_Py_SIZE(PyObject *o) { return _typhon_api->_Typhon_Py_SIZE(o); }
static inline void *PyMem_Malloc(size_t size) { return _typhon_api->PyMem_Malloc(size); }
static inline void *PyMem_Calloc(size_t n, size_t size) { return _typhon_api->PyMem_Calloc(n, size); }
static inline void *PyMem_Realloc(void *p, size_t size) { return _typhon_api->PyMem_Realloc(p, size); }
static inline void PyMem_Free(void *p) { _typhon_api->PyMem_Free(p); }
static inline void *PyObject_Malloc(size_t size) { return _typhon_api->PyObject_Malloc(size); }
static inline void *PyObject_Calloc(size_t n, size_t size) { return _typhon_api->PyObject_Calloc(n, size); }
static inline void *PyObject_Realloc(void *p, size_t size) { return _typhon_api->PyObject_Realloc(p, size); }
static inline void PyObject_Free(void *p) { _typhon_api->PyObject_Free(p); }
static inline PyObject *_PyObject_New(PyTypeObject *t) { return _typhon_api->_PyObject_New(t); }
static inline PyObject *_PyObject_NewVar(PyTypeObject *t, Py_ssize_t n) { return _typhon_api->_PyObject_NewVar(t, n); }
static inline PyObject *PyObject_Init(PyObject *o, PyTypeObject *t) { return _typhon_api->PyObject_Init(o, t); }
static inline PyObject *PyObject_InitVar(PyObject *o, PyTypeObject *t, Py_ssize_t n) { return _typhon_api->PyObject_InitVar(o, t, n); }
static inline PyObject *PyModule_Create2(PyModuleDef *def, int api) { return _typhon_api->PyModule_Create2(def, api); }
static inline int PyModule_AddObjectRef(PyObject *m, const char *name, PyObject *v) { return _typhon_api->PyModule_AddObjectRef(m, name, v); }
static inline int PyModule_AddObject(PyObject *m, const char *name, PyObject *v) { return _typhon_api->PyModule_AddObject(m, name, v); }
static inline int PyModule_AddIntConstant(PyObject *m, const char *name, long v) { return _typhon_api->PyModule_AddIntConstant(m, name, v); }
static inline int PyModule_AddStringConstant(PyObject *m, const char *name, const char *v) { return _typhon_api->PyModule_AddStringConstant(m, name, v); }
static inline int PyModule_AddType(PyObject *m, PyTypeObject *t) { return _typhon_api->PyModule_AddType(m, t); }
static inline PyObject *PyModule_GetDict(PyObject *m) { return _typhon_api->PyModule_GetDict(m); }
static inline const char *PyModule_GetName(PyObject *m) { return _typhon_api->PyModule_GetName(m); }
static inline void *PyModule_GetState(PyObject *m) { return _typhon_api->PyModule_GetState(m); }
static inline PyObject *PyModule_New(const char *name) { return _typhon_api->PyModule_New(name); }
static inline PyObject *PyImport_ImportModule(const char *name) { return _typhon_api->PyImport_ImportModule(name); }
static inline void _Py_FatalErrorFunc(const char *func, const char *msg) { _typhon_api->_Py_FatalErrorFunc(func, msg); }
static inline PyObject *PyModuleDef_Init(PyModuleDef *def) { return _typhon_api->PyModuleDef_Init(def); }
static inline PyObject *PyUnicode_New(Py_ssize_t size, Py_UCS4 maxchar) { return _typhon_api->PyUnicode_New(size, maxchar); }
static inline void *_Typhon_PyUnicode_Data(PyObject *o) { return _typhon_api->_Typhon_PyUnicode_Data(o); }
static inline int _Typhon_PyUnicode_Kind(PyObject *o) { return _typhon_api->_Typhon_PyUnicode_Kind(o); }
static inline Py_UCS4 _Typhon_PyUnicode_MaxCharValue(PyObject *o) { return _typhon_api->_Typhon_PyUnicode_MaxCharValue(o); }
static inline Py_UCS4 PyUnicode_ReadChar(PyObject *o, Py_ssize_t i) { return _typhon_api->PyUnicode_ReadChar(o, i); }
static inline int PyUnicode_WriteChar(PyObject *o, Py_ssize_t i, Py_UCS4 ch) { return _typhon_api->PyUnicode_WriteChar(o, i, ch); }
static inline PyObject *PyUnicode_FromKindAndData(int kind, const void *buffer, Py_ssize_t size) { return _typhon_api->PyUnicode_FromKindAndData(kind, buffer, size); }
static inline PyObject *PyUnicode_Join(PyObject *sep, PyObject *seq) { return _typhon_api->PyUnicode_Join(sep, seq); }
static inline PyObject *PyUnicode_Substring(PyObject *o, Py_ssize_t start, Py_ssize_t end) { return _typhon_api->PyUnicode_Substring(o, start, end); }
static inline PyObject *PyMapping_Items(PyObject *o) { return _typhon_api->PyMapping_Items(o); }
static inline PyObject *PyMapping_Keys(PyObject *o) { return _typhon_api->PyMapping_Keys(o); }
static inline PyObject *PyMapping_Values(PyObject *o) { return _typhon_api->PyMapping_Values(o); }
static inline int PyMapping_Check(PyObject *o) { return _typhon_api->PyMapping_Check(o); }
static inline Py_ssize_t PyMapping_Size(PyObject *o) { return _typhon_api->PyMapping_Size(o); }
static inline Py_ssize_t PyMapping_Length(PyObject *o) { return _typhon_api->PyMapping_Length(o); }
static inline PyObject *PyMapping_GetItemString(PyObject *o, const char *key) { return _typhon_api->PyMapping_GetItemString(o, key); }
static inline int PyMapping_SetItemString(PyObject *o, const char *key, PyObject *v) { return _typhon_api->PyMapping_SetItemString(o, key, v); }
static inline int PyMapping_HasKey(PyObject *o, PyObject *key) { return _typhon_api->PyMapping_HasKey(o, key); }
static inline int PyMapping_HasKeyString(PyObject *o, const char *key) { return _typhon_api->PyMapping_HasKeyString(o, key); }
static inline PyObject *PyFloat_FromString(PyObject *o) { return _typhon_api->PyFloat_FromString(o); }
static inline int PyList_SetSlice(PyObject *l, Py_ssize_t low, Py_ssize_t high, PyObject *items) { return _typhon_api->PyList_SetSlice(l, low, high, items); }
static inline PyObject *PyModule_FromDefAndSpec2(PyModuleDef *def, PyObject *spec, int api) { return _typhon_api->PyModule_FromDefAndSpec2(def, spec, api); }
static inline int PyModule_ExecDef(PyObject *m, PyModuleDef *def) { return _typhon_api->PyModule_ExecDef(m, def); }
static inline PyObject *PyCapsule_New(void *pointer, const char *name, PyCapsule_Destructor destructor) { return _typhon_api->PyCapsule_New(pointer, name, destructor); }
static inline void *PyCapsule_GetPointer(PyObject *o, const char *name) { return _typhon_api->PyCapsule_GetPointer(o, name); }
static inline const char *PyCapsule_GetName(PyObject *o) { return _typhon_api->PyCapsule_GetName(o); }
static inline void *PyCapsule_GetContext(PyObject *o) { return _typhon_api->PyCapsule_GetContext(o); }
static inline int PyCapsule_SetContext(PyObject *o, void *context) { return _typhon_api->PyCapsule_SetContext(o, context); }
static inline int PyCapsule_SetPointer(PyObject *o, void *pointer) { return _typhon_api->PyCapsule_SetPointer(o, pointer); }
static inline int PyCapsule_IsValid(PyObject *o, const char *name) { return _typhon_api->PyCapsule_IsValid(o, name); }
static inline int PyCapsule_CheckExact(PyObject *o) { return _typhon_api->PyCapsule_CheckExact(o); }
static inline void *PyCapsule_Import(const char *name, int no_block) { return _typhon_api->PyCapsule_Import(name, no_block); }
static inline int PyObject_CheckBuffer(PyObject *o) { return _typhon_api->PyObject_CheckBuffer(o); }
static inline int PyObject_GetBuffer(PyObject *o, Py_buffer *view, int flags) { return _typhon_api->PyObject_GetBuffer(o, view, flags); }
static inline int PyBuffer_FillInfo(Py_buffer *view, PyObject *o, void *buf, Py_ssize_t len, int readonly, int flags) { return _typhon_api->PyBuffer_FillInfo(view, o, buf, len, readonly, flags); }
static inline void PyBuffer_Release(Py_buffer *view) { _typhon_api->PyBuffer_Release(view); }
static inline int PyBuffer_IsContiguous(const Py_buffer *view, char order) { return _typhon_api->PyBuffer_IsContiguous(view, order); }
static inline PyObject *PyType_FromSpec(PyType_Spec *spec) { return _typhon_api->PyType_FromSpec(spec); }
static inline PyObject *PyType_FromSpecWithBases(PyType_Spec *spec, PyObject *bases) { return _typhon_api->PyType_FromSpecWithBases(spec, bases); }
static inline PyObject *PyType_FromModuleAndSpec(PyObject *module, PyType_Spec *spec, PyObject *bases) { return _typhon_api->PyType_FromModuleAndSpec(module, spec, bases); }
static inline PyObject *PyType_GetModule(PyTypeObject *t) { return _typhon_api->PyType_GetModule(t); }
static inline void *PyType_GetModuleState(PyTypeObject *t) { return _typhon_api->PyType_GetModuleState(t); }
static inline void *PyType_GetSlot(PyTypeObject *t, int slot) { return _typhon_api->PyType_GetSlot(t, slot); }
static inline PyObject *PyType_GetModuleByDef(PyTypeObject *t, PyModuleDef *def) { return _typhon_api->PyType_GetModuleByDef(t, def); }
static inline PyModuleDef *PyModule_GetDef(PyObject *m) { return _typhon_api->PyModule_GetDef(m); }
static inline int PyErr_WarnEx(PyObject *category, const char *text, Py_ssize_t stacklevel) { return _typhon_api->PyErr_WarnEx(category, text, stacklevel); }
static inline int PyErr_WarnExplicit(PyObject *category, const char *text, const char *filename, int lineno, const char *module, PyObject *registry) { return _typhon_api->PyErr_WarnExplicit(category, text, filename, lineno, module, registry); }
static inline PyObject *PyType_GetName(PyTypeObject *t) { return _typhon_api->PyType_GetName(t); }
static inline PyObject *PyType_GetQualName(PyTypeObject *t) { return _typhon_api->PyType_GetQualName(t); }
static inline PyObject *_PyLong_FromByteArray(const unsigned char *bytes, size_t n, int little_endian, int is_signed) { return _typhon_api->_PyLong_FromByteArray(bytes, n, little_endian, is_signed); }
static inline int _PyLong_AsByteArray(PyLongObject *v, unsigned char *bytes, size_t n, int little_endian, int is_signed) { return _typhon_api->_PyLong_AsByteArray(v, bytes, n, little_endian, is_signed); }
static inline int PySlice_Check(PyObject *o) { return _typhon_api->PySlice_Check(o); }
static inline PyObject *PySlice_New(PyObject *start, PyObject *stop, PyObject *step) { return _typhon_api->PySlice_New(start, stop, step); }
static inline int PySlice_Unpack(PyObject *slice, Py_ssize_t *start, Py_ssize_t *stop, Py_ssize_t *step) { return _typhon_api->PySlice_Unpack(slice, start, stop, step); }
static inline Py_ssize_t PySlice_AdjustIndices(Py_ssize_t length, Py_ssize_t *start, Py_ssize_t *stop, Py_ssize_t step) { return _typhon_api->PySlice_AdjustIndices(length, start, stop, step); }
static inline int PySlice_GetIndicesEx(PyObject *slice, Py_ssize_t length, Py_ssize_t *start, Py_ssize_t *stop, Py_ssize_t *step, Py_ssize_t *slicelength) { return _typhon_api->PySlice_GetIndicesEx(slice, length, start, stop, step, slicelength); }
static inline int PyIndex_Check(PyObject *o) { return _typhon_api->PyIndex_Check(o); }
static inline Py_ssize_t PyNumber_AsSsize_t(PyObject *o, PyObject *exc) { return _typhon_api->PyNumber_AsSsize_t(o, exc); }
static inline int _PyEval_SliceIndex(PyObject *v, Py_ssize_t *pi) { return _typhon_api->_PyEval_SliceIndex(v, pi); }
static inline PyObject *PyObject_SelfIter(PyObject *o) { return _typhon_api->PyObject_SelfIter(o); }
static inline void PyObject_ClearWeakRefs(PyObject *o) { _typhon_api->PyObject_ClearWeakRefs(o); }
static inline PyObject *_PyList_Extend(PyListObject *l, PyObject *iterable) { return _typhon_api->_PyList_Extend(l, iterable); }
static inline PyObject *PyUnicode_Split(PyObject *s, PyObject *sep, Py_ssize_t maxsplit) { return _typhon_api->PyUnicode_Split(s, sep, maxsplit); }
static inline PyObject *PyUnicode_RSplit(PyObject *s, PyObject *sep, Py_ssize_t maxsplit) { return _typhon_api->PyUnicode_RSplit(s, sep, maxsplit); }
static inline PyObject *PyUnicode_Splitlines(PyObject *s, int keepends) { return _typhon_api->PyUnicode_Splitlines(s, keepends); }
static inline PyObject *PyUnicode_Partition(PyObject *s, PyObject *sep) { return _typhon_api->PyUnicode_Partition(s, sep); }
static inline PyObject *PyUnicode_RPartition(PyObject *s, PyObject *sep) { return _typhon_api->PyUnicode_RPartition(s, sep); }
static inline Py_ssize_t PyUnicode_Find(PyObject *s, PyObject *sub, Py_ssize_t start, Py_ssize_t end, int direction) { return _typhon_api->PyUnicode_Find(s, sub, start, end, direction); }
static inline Py_ssize_t PyUnicode_FindChar(PyObject *s, Py_UCS4 ch, Py_ssize_t start, Py_ssize_t end, int direction) { return _typhon_api->PyUnicode_FindChar(s, ch, start, end, direction); }
static inline Py_ssize_t PyUnicode_Count(PyObject *s, PyObject *sub, Py_ssize_t start, Py_ssize_t end) { return _typhon_api->PyUnicode_Count(s, sub, start, end); }
static inline PyObject *PyUnicode_Replace(PyObject *s, PyObject *old, PyObject *new, Py_ssize_t maxcount) { return _typhon_api->PyUnicode_Replace(s, old, new, maxcount); }
static inline Py_ssize_t PyUnicode_Tailmatch(PyObject *s, PyObject *sub, Py_ssize_t start, Py_ssize_t end, int direction) { return _typhon_api->PyUnicode_Tailmatch(s, sub, start, end, direction); }
static inline int PyUnicode_Contains(PyObject *s, PyObject *sub) { return _typhon_api->PyUnicode_Contains(s, sub); }
static inline PyObject *PyUnicode_RichCompare(PyObject *a, PyObject *b, int op) { return _typhon_api->PyUnicode_RichCompare(a, b, op); }
static inline PyObject *PyUnicode_Format(PyObject *format, PyObject *args) { return _typhon_api->PyUnicode_Format(format, args); }
static inline int PyUnicode_IsIdentifier(PyObject *s) { return _typhon_api->PyUnicode_IsIdentifier(s); }
static inline PyObject *PyUnicode_Translate(PyObject *s, PyObject *table, const char *errors) { return _typhon_api->PyUnicode_Translate(s, table, errors); }
static inline PyObject *PyUnicode_FromObject(PyObject *o) { return _typhon_api->PyUnicode_FromObject(o); }
static inline const char *PyUnicode_GetDefaultEncoding(void) { return _typhon_api->PyUnicode_GetDefaultEncoding(); }
static inline void PyUnicode_InternInPlace(PyObject **p) { _typhon_api->PyUnicode_InternInPlace(p); }
static inline void PyUnicode_InternImmortal(PyObject **p) { _typhon_api->PyUnicode_InternImmortal(p); }
static inline void PyUnicode_Append(PyObject **p, PyObject *right) { _typhon_api->PyUnicode_Append(p, right); }
static inline void PyUnicode_AppendAndDel(PyObject **p, PyObject *right) { _typhon_api->PyUnicode_AppendAndDel(p, right); }
static inline PyObject *PyUnicode_Decode(const char *s, Py_ssize_t n, const char *encoding, const char *errors) { return _typhon_api->PyUnicode_Decode(s, n, encoding, errors); }
static inline PyObject *PyUnicode_DecodeASCII(const char *s, Py_ssize_t n, const char *errors) { return _typhon_api->PyUnicode_DecodeASCII(s, n, errors); }
static inline PyObject *PyUnicode_DecodeLatin1(const char *s, Py_ssize_t n, const char *errors) { return _typhon_api->PyUnicode_DecodeLatin1(s, n, errors); }
static inline PyObject *PyUnicode_AsEncodedString(PyObject *o, const char *encoding, const char *errors) { return _typhon_api->PyUnicode_AsEncodedString(o, encoding, errors); }
static inline PyObject *PyUnicode_AsASCIIString(PyObject *o) { return _typhon_api->PyUnicode_AsASCIIString(o); }
static inline PyObject *PyUnicode_AsLatin1String(PyObject *o) { return _typhon_api->PyUnicode_AsLatin1String(o); }
static inline PyObject *PyUnicode_FromEncodedObject(PyObject *o, const char *encoding, const char *errors) { return _typhon_api->PyUnicode_FromEncodedObject(o, encoding, errors); }
static inline Py_UCS4 *PyUnicode_AsUCS4(PyObject *o, Py_UCS4 *buffer, Py_ssize_t buflen, int copy_null) { return _typhon_api->PyUnicode_AsUCS4(o, buffer, buflen, copy_null); }
static inline Py_UCS4 *PyUnicode_AsUCS4Copy(PyObject *o) { return _typhon_api->PyUnicode_AsUCS4Copy(o); }
static inline Py_ssize_t PyUnicode_AsWideChar(PyObject *o, wchar_t *w, Py_ssize_t size) { return _typhon_api->PyUnicode_AsWideChar(o, w, size); }
static inline wchar_t *PyUnicode_AsWideCharString(PyObject *o, Py_ssize_t *size) { return _typhon_api->PyUnicode_AsWideCharString(o, size); }
static inline PyObject *PyUnicode_FromWideChar(const wchar_t *w, Py_ssize_t size) { return _typhon_api->PyUnicode_FromWideChar(w, size); }
static inline void PyBytes_Concat(PyObject **pv, PyObject *w) { _typhon_api->PyBytes_Concat(pv, w); }
static inline void PyBytes_ConcatAndDel(PyObject **pv, PyObject *w) { _typhon_api->PyBytes_ConcatAndDel(pv, w); }
static inline PyObject *PyBytes_FromObject(PyObject *o) { return _typhon_api->PyBytes_FromObject(o); }
static inline PyObject *PyBytes_Repr(PyObject *o, int smartquotes) { return _typhon_api->PyBytes_Repr(o, smartquotes); }
static inline PyObject *PyBytes_DecodeEscape(const char *s, Py_ssize_t len, const char *errors, Py_ssize_t unicode, const char *recode) { return _typhon_api->PyBytes_DecodeEscape(s, len, errors, unicode, recode); }
static inline PyObject *PyByteArray_FromStringAndSize(const char *s, Py_ssize_t n) { return _typhon_api->PyByteArray_FromStringAndSize(s, n); }
static inline PyObject *PyByteArray_FromObject(PyObject *o) { return _typhon_api->PyByteArray_FromObject(o); }
static inline char *PyByteArray_AsString(PyObject *o) { return _typhon_api->PyByteArray_AsString(o); }
static inline Py_ssize_t PyByteArray_Size(PyObject *o) { return _typhon_api->PyByteArray_Size(o); }
static inline PyObject *PyByteArray_Concat(PyObject *a, PyObject *b) { return _typhon_api->PyByteArray_Concat(a, b); }
static inline int PyByteArray_Resize(PyObject *o, Py_ssize_t n) { return _typhon_api->PyByteArray_Resize(o, n); }
static inline PyObject *PySequence_Concat(PyObject *a, PyObject *b) { return _typhon_api->PySequence_Concat(a, b); }
static inline PyObject *PySequence_InPlaceConcat(PyObject *a, PyObject *b) { return _typhon_api->PySequence_InPlaceConcat(a, b); }
static inline PyObject *PySequence_Repeat(PyObject *o, Py_ssize_t n) { return _typhon_api->PySequence_Repeat(o, n); }
static inline PyObject *PySequence_InPlaceRepeat(PyObject *o, Py_ssize_t n) { return _typhon_api->PySequence_InPlaceRepeat(o, n); }
static inline int PySequence_SetSlice(PyObject *o, Py_ssize_t i, Py_ssize_t j, PyObject *v) { return _typhon_api->PySequence_SetSlice(o, i, j, v); }
static inline int PySequence_DelSlice(PyObject *o, Py_ssize_t i, Py_ssize_t j) { return _typhon_api->PySequence_DelSlice(o, i, j); }
static inline PyObject *PySequence_Fast(PyObject *o, const char *message) { return _typhon_api->PySequence_Fast(o, message); }
static inline PyObject *PyObject_ASCII(PyObject *o) { return _typhon_api->PyObject_ASCII(o); }
static inline int PyObject_DelItemString(PyObject *o, const char *key) { return _typhon_api->PyObject_DelItemString(o, key); }
static inline Py_hash_t PyObject_HashNotImplemented(PyObject *o) { return _typhon_api->PyObject_HashNotImplemented(o); }
static inline PyObject *PyObject_GenericGetDict(PyObject *o, void *context) { return _typhon_api->PyObject_GenericGetDict(o, context); }
static inline int Py_ReprEnter(PyObject *o) { return _typhon_api->Py_ReprEnter(o); }
static inline void Py_ReprLeave(PyObject *o) { _typhon_api->Py_ReprLeave(o); }
static inline PyObject *PyNumber_MatrixMultiply(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_MatrixMultiply(a, b); }
static inline PyObject *PyNumber_InPlaceMatrixMultiply(PyObject *a, PyObject *b) { return _typhon_api->PyNumber_InPlaceMatrixMultiply(a, b); }
static inline int PyNumber_Check(PyObject *o) { return _typhon_api->PyNumber_Check(o); }
static inline PyObject *PyNumber_ToBase(PyObject *n, int base) { return _typhon_api->PyNumber_ToBase(n, base); }
static inline int PyIter_Check(PyObject *o) { return _typhon_api->PyIter_Check(o); }
static inline PyObject *PySeqIter_New(PyObject *seq) { return _typhon_api->PySeqIter_New(seq); }
static inline PyObject *PyCallIter_New(PyObject *callable, PyObject *sentinel) { return _typhon_api->PyCallIter_New(callable, sentinel); }
static inline int PySlice_GetIndices(PyObject *slice, Py_ssize_t length, Py_ssize_t *start, Py_ssize_t *stop, Py_ssize_t *step) { return _typhon_api->PySlice_GetIndices(slice, length, start, stop, step); }
static inline PyObject *PyUnicode_DecodeUTF8Stateful(const char *s, Py_ssize_t n, const char *errors, Py_ssize_t *consumed) { return _typhon_api->PyUnicode_DecodeUTF8Stateful(s, n, errors, consumed); }
static inline PyObject *PyUnicode_EncodeFSDefault(PyObject *o) { return _typhon_api->PyUnicode_EncodeFSDefault(o); }
static inline PyObject *PyUnicode_DecodeFSDefaultAndSize(const char *s, Py_ssize_t n) { return _typhon_api->PyUnicode_DecodeFSDefaultAndSize(s, n); }
static inline PyObject *PyUnicode_DecodeFSDefault(const char *s) { return _typhon_api->PyUnicode_DecodeFSDefault(s); }
static inline PyObject *PyOS_FSPath(PyObject *o) { return _typhon_api->PyOS_FSPath(o); }
static inline int PyUnicode_FSConverter(PyObject *o, void *addr) { return _typhon_api->PyUnicode_FSConverter(o, addr); }
static inline int PyUnicode_FSDecoder(PyObject *o, void *addr) { return _typhon_api->PyUnicode_FSDecoder(o, addr); }
static inline PyObject *PyUnicode_AsUnicodeEscapeString(PyObject *o) { return _typhon_api->PyUnicode_AsUnicodeEscapeString(o); }
static inline PyObject *PyUnicode_AsRawUnicodeEscapeString(PyObject *o) { return _typhon_api->PyUnicode_AsRawUnicodeEscapeString(o); }
static inline PyObject *PyUnicode_AsUTF16String(PyObject *o) { return _typhon_api->PyUnicode_AsUTF16String(o); }
static inline PyObject *PyUnicode_AsUTF32String(PyObject *o) { return _typhon_api->PyUnicode_AsUTF32String(o); }
static inline PyObject *PyMemoryView_FromObject(PyObject *o) { return _typhon_api->PyMemoryView_FromObject(o); }
static inline PyObject *PySet_New(PyObject *iterable) { return _typhon_api->PySet_New(iterable); }
static inline PyObject *PyFrozenSet_New(PyObject *iterable) { return _typhon_api->PyFrozenSet_New(iterable); }
static inline Py_ssize_t PySet_Size(PyObject *o) { return _typhon_api->PySet_Size(o); }
static inline int PySet_Contains(PyObject *o, PyObject *key) { return _typhon_api->PySet_Contains(o, key); }
static inline int PySet_Add(PyObject *o, PyObject *key) { return _typhon_api->PySet_Add(o, key); }
static inline int PySet_Discard(PyObject *o, PyObject *key) { return _typhon_api->PySet_Discard(o, key); }
static inline int PySet_Clear(PyObject *o) { return _typhon_api->PySet_Clear(o); }
static inline PyObject *PySet_Pop(PyObject *o) { return _typhon_api->PySet_Pop(o); }
static inline long long PyLong_AsLongLongAndOverflow(PyObject *o, int *overflow) { return _typhon_api->PyLong_AsLongLongAndOverflow(o, overflow); }
static inline unsigned long PyLong_AsUnsignedLongMask(PyObject *o) { return _typhon_api->PyLong_AsUnsignedLongMask(o); }
static inline unsigned long long PyLong_AsUnsignedLongLongMask(PyObject *o) { return _typhon_api->PyLong_AsUnsignedLongLongMask(o); }
static inline PyObject *PyComplex_FromDoubles(double re, double im) { return _typhon_api->PyComplex_FromDoubles(re, im); }
static inline double PyComplex_RealAsDouble(PyObject *o) { return _typhon_api->PyComplex_RealAsDouble(o); }
static inline double PyComplex_ImagAsDouble(PyObject *o) { return _typhon_api->PyComplex_ImagAsDouble(o); }
static inline PyObject *PyList_GetSlice(PyObject *l, Py_ssize_t low, Py_ssize_t high) { return _typhon_api->PyList_GetSlice(l, low, high); }
static inline PyObject *PyException_GetCause(PyObject *exc) { return _typhon_api->PyException_GetCause(exc); }
static inline PyObject *PyException_GetContext(PyObject *exc) { return _typhon_api->PyException_GetContext(exc); }
static inline void PyException_SetCause(PyObject *exc, PyObject *cause) { _typhon_api->PyException_SetCause(exc, cause); }
static inline void PyException_SetContext(PyObject *exc, PyObject *ctx) { _typhon_api->PyException_SetContext(exc, ctx); }
static inline const char *PyExceptionClass_Name(PyObject *t) { return _typhon_api->PyExceptionClass_Name(t); }
static inline int PyDict_MergeFromSeq2(PyObject *d, PyObject *seq, int over) { return _typhon_api->PyDict_MergeFromSeq2(d, seq, over); }
static inline double PyFloat_GetMax(void) { return _typhon_api->PyFloat_GetMax(); }
static inline double PyFloat_GetMin(void) { return _typhon_api->PyFloat_GetMin(); }
static inline int PyCapsule_SetName(PyObject *o, const char *name) { return _typhon_api->PyCapsule_SetName(o, name); }
static inline PyCapsule_Destructor PyCapsule_GetDestructor(PyObject *o) { return _typhon_api->PyCapsule_GetDestructor(o); }
static inline int PyCapsule_SetDestructor(PyObject *o, PyCapsule_Destructor destructor) { return _typhon_api->PyCapsule_SetDestructor(o, destructor); }
static inline int PyIter_Send(PyObject *it, PyObject *v, PyObject **result) { return _typhon_api->PyIter_Send(it, v, result); }
static inline PyObject *PyLong_FromString(const char *s, char **pend, int base) { return _typhon_api->PyLong_FromString(s, pend, base); }
static inline int PyArg_VaParse(PyObject *a0, const char *a1, va_list a2) { return _typhon_api->PyArg_VaParse(a0, a1, a2); }
static inline int PyArg_VaParseTupleAndKeywords(PyObject *a0, PyObject *a1, const char *a2, char **a3, va_list a4) { return _typhon_api->PyArg_VaParseTupleAndKeywords(a0, a1, a2, a3, a4); }
static inline int _Typhon_PyArg_VaUnpackTuple(PyObject *a0, const char *a1, Py_ssize_t a2, Py_ssize_t a3, va_list a4) { return _typhon_api->_Typhon_PyArg_VaUnpackTuple(a0, a1, a2, a3, a4); }
static inline PyObject *Py_VaBuildValue(const char *a0, va_list a1) { return _typhon_api->Py_VaBuildValue(a0, a1); }
static inline PyObject *PyUnicode_FromFormatV(const char *a0, va_list a1) { return _typhon_api->PyUnicode_FromFormatV(a0, a1); }
static inline PyObject *PyErr_FormatV(PyObject *a0, const char *a1, va_list a2) { return _typhon_api->PyErr_FormatV(a0, a1, a2); }
static inline PyObject *_Typhon_CallFunctionV(PyObject *a0, const char *a1, va_list a2) { return _typhon_api->_Typhon_CallFunctionV(a0, a1, a2); }
static inline PyObject *_Typhon_CallMethodV(PyObject *a0, const char *a1, const char *a2, va_list a3) { return _typhon_api->_Typhon_CallMethodV(a0, a1, a2, a3); }
static inline PyObject *_Typhon_CallFunctionObjArgsV(PyObject *a0, va_list a1) { return _typhon_api->_Typhon_CallFunctionObjArgsV(a0, a1); }
static inline PyObject *_Typhon_CallMethodObjArgsV(PyObject *a0, PyObject *a1, va_list a2) { return _typhon_api->_Typhon_CallMethodObjArgsV(a0, a1, a2); }
static inline PyObject *_Typhon_PyTuple_PackV(Py_ssize_t a0, va_list a1) { return _typhon_api->_Typhon_PyTuple_PackV(a0, a1); }
static inline PyObject *PyBytes_FromFormatV(const char *a0, va_list a1) { return _typhon_api->PyBytes_FromFormatV(a0, a1); }

#endif /* TYPHON_API_WRAPPERS_H */
