//! The API table: what an extension's `_typhon_api` points to.
//!
//! This file is the one place the C API's surface is declared. The
//! `api_table!` invocation below produces the `#[repr(C)]` struct, the
//! static table filled with the Rust (and C-support) implementations, and
//! the text of the two generated headers: `include/typhon_api.h` (the
//! struct as C sees it) and `include/typhon_api_wrappers.h` (one `static
//! inline` wrapper per function). A test checks that the committed headers
//! match; `TYPHON_BLESS=1 cargo test -p capi` rewrites them.
//!
//! To add a function: implement it as `pub unsafe extern "C" fn` in the
//! module for its API area, add one line here, and bless the headers.
//! Appending to the end of the table (its last section, `c`) keeps
//! existing extensions working; anything else moves entries (a `rust`
//! line comes before every `c` entry) and needs a new [`API_VERSION`].

#![allow(non_snake_case)]

use crate::buffer::Py_buffer;
use crate::heaptype::PyType_Spec;
use crate::list::PyListObject;
use crate::long::PyLongObject;
use crate::module::PyModuleDef;
use crate::object::{Py_hash_t, Py_ssize_t, PyObject, PyTypeObject};
use crate::strapi::wchar_t;
use crate::tuple::TyphonItem;
use crate::unicode::Py_UCS4;

/// `PyCapsule_Destructor`.
pub type CapsuleDestructor = unsafe extern "C" fn(*mut PyObject);
use crate::{
    buffer, bytesapi, capsule, dict, errors, heaptype, list, long, mem, module, protocols,
    setobject, slice, strapi, tuple, typeobject, unicode,
};
use interp::object::types;
use std::ffi::{
    c_char, c_double, c_int, c_long, c_longlong, c_uchar, c_ulong, c_ulonglong, c_void,
};

/// The table layout version; extensions record the one they were built
/// for (`TYPHON_API_VERSION` in Python.h) and the loader checks it.
pub const API_VERSION: c_int = 10;

/// The table, made `Sync` (it only holds addresses of immortal objects and
/// functions, and is never written).
pub struct ApiStatic(pub Api);

// SAFETY: the table is immutable, and every pointer in it refers to an
// immortal object or a function.
unsafe impl Sync for ApiStatic {}

macro_rules! api_table {
    (
        data { $( $dname:ident : $dty:ty = $dval:expr ; )* }
        rust { $( $m:ident :: $f:ident ( $( $an:ident : $at:ty ),* ) $( -> $rt:ty )? ; )* }
        c { $( $cf:ident = $csym:ident : $cret:literal ( $( $cat:literal ),* ) ; )* }
    ) => {
        /// The API table (see the module documentation).
        #[repr(C)]
        pub struct Api {
            $( #[doc = concat!("`", stringify!($dname), "`")] pub $dname: $dty, )*
            $( #[doc = concat!("`", stringify!($f), "`")] pub $f: unsafe extern "C" fn($($at),*) $(-> $rt)?, )*
            $( #[doc = concat!("`", stringify!($cf), "` (C support code)")] pub $cf: *const c_void, )*
        }

        unsafe extern "C" {
            $( fn $csym(); )*
        }

        /// The one API table of the process.
        pub static API: ApiStatic = ApiStatic(Api {
            $( $dname: $dval, )*
            $( $f: $m::$f, )*
            $( $cf: $csym as *const c_void, )*
        });

        /// (C type, member name) of each data entry.
        fn data_entries() -> Vec<(String, &'static str)> {
            vec![ $( (c_type(stringify!($dty)), stringify!($dname)), )* ]
        }

        /// (C result type, name, C parameter types and names) of each
        /// function.
        fn function_entries() -> Vec<(String, &'static str, Vec<(String, String)>)> {
            let mut v = vec![ $( (
                api_table!(@ret $($rt)?),
                stringify!($f),
                vec![ $( (c_type(stringify!($at)), stringify!($an).to_string()), )* ],
            ), )* ];
            $(
                let params = [$($cat),*]
                    .iter()
                    .enumerate()
                    .map(|(i, t)| (t.to_string(), format!("a{i}")))
                    .collect();
                v.push(($cret.to_string(), stringify!($cf), params));
            )*
            v
        }
    };
    (@ret) => { "void".to_string() };
    (@ret $rt:ty) => { c_type(stringify!($rt)) };
}

const fn obj(o: &'static abi::StaticObject) -> *mut PyObject {
    o as *const abi::StaticObject as *mut PyObject
}

const fn ty(t: &'static abi::StaticType) -> *mut PyTypeObject {
    t as *const abi::StaticType as *mut PyTypeObject
}

const fn exc(t: &'static abi::StaticType) -> *mut PyObject {
    t as *const abi::StaticType as *mut PyObject
}

use interp::object::value::{FALSE, NONE, NOT_IMPLEMENTED, TRUE};

api_table! {
    data {
        Py_None: *mut PyObject = obj(&NONE);
        Py_True: *mut PyObject = obj(&TRUE);
        Py_False: *mut PyObject = obj(&FALSE);
        Py_NotImplemented: *mut PyObject = obj(&NOT_IMPLEMENTED);
        PyType_Type: *mut PyTypeObject = ty(&types::TYPE);
        PyBaseObject_Type: *mut PyTypeObject = ty(&types::OBJECT);
        PyLong_Type: *mut PyTypeObject = ty(&types::INT);
        PyBool_Type: *mut PyTypeObject = ty(&types::BOOL);
        PyFloat_Type: *mut PyTypeObject = ty(&types::FLOAT);
        PyUnicode_Type: *mut PyTypeObject = ty(&types::STR);
        PyBytes_Type: *mut PyTypeObject = ty(&types::BYTES);
        PyTuple_Type: *mut PyTypeObject = ty(&types::TUPLE);
        PyList_Type: *mut PyTypeObject = ty(&types::LIST);
        PyDict_Type: *mut PyTypeObject = ty(&types::DICT);
        PyModule_Type: *mut PyTypeObject = ty(&types::MODULE);
        PyCFunction_Type: *mut PyTypeObject = ty(&crate::methodobject::CFUNCTION);
        PySlice_Type: *mut PyTypeObject = ty(&types::SLICE);
        PyRange_Type: *mut PyTypeObject = ty(&types::RANGE);
        PyFunction_Type: *mut PyTypeObject = ty(&types::FUNCTION);
        PyMethod_Type: *mut PyTypeObject = ty(&types::METHOD);
        PyStaticMethod_Type: *mut PyTypeObject = ty(&types::STATICMETHOD);
        PyClassMethod_Type: *mut PyTypeObject = ty(&types::CLASSMETHOD);
        PyProperty_Type: *mut PyTypeObject = ty(&types::PROPERTY);
        PySuper_Type: *mut PyTypeObject = ty(&types::SUPER);
        PyReversed_Type: *mut PyTypeObject = ty(&types::REVERSED);
        PyEnum_Type: *mut PyTypeObject = ty(&types::ENUMERATE);
        PyGen_Type: *mut PyTypeObject = ty(&types::GENERATOR);
        PyDictKeys_Type: *mut PyTypeObject = ty(&types::DICT_KEYS);
        PyDictValues_Type: *mut PyTypeObject = ty(&types::DICT_VALUES);
        PyDictItems_Type: *mut PyTypeObject = ty(&types::DICT_ITEMS);
        PyComplex_Type: *mut PyTypeObject = ty(&types::COMPLEX);
        PyExc_BaseException: *mut PyObject = exc(&types::BASE_EXCEPTION);
        PyExc_Exception: *mut PyObject = exc(&types::EXCEPTION);
        PyExc_ArithmeticError: *mut PyObject = exc(&types::ARITHMETIC_ERROR);
        PyExc_ZeroDivisionError: *mut PyObject = exc(&types::ZERO_DIVISION_ERROR);
        PyExc_OverflowError: *mut PyObject = exc(&types::OVERFLOW_ERROR);
        PyExc_ValueError: *mut PyObject = exc(&types::VALUE_ERROR);
        PyExc_TypeError: *mut PyObject = exc(&types::TYPE_ERROR);
        PyExc_LookupError: *mut PyObject = exc(&types::LOOKUP_ERROR);
        PyExc_IndexError: *mut PyObject = exc(&types::INDEX_ERROR);
        PyExc_KeyError: *mut PyObject = exc(&types::KEY_ERROR);
        PyExc_NameError: *mut PyObject = exc(&types::NAME_ERROR);
        PyExc_AttributeError: *mut PyObject = exc(&types::ATTRIBUTE_ERROR);
        PyExc_RuntimeError: *mut PyObject = exc(&types::RUNTIME_ERROR);
        PyExc_RecursionError: *mut PyObject = exc(&types::RECURSION_ERROR);
        PyExc_NotImplementedError: *mut PyObject = exc(&types::NOT_IMPLEMENTED_ERROR);
        PyExc_StopIteration: *mut PyObject = exc(&types::STOP_ITERATION);
        PyExc_AssertionError: *mut PyObject = exc(&types::ASSERTION_ERROR);
        PyExc_ImportError: *mut PyObject = exc(&types::IMPORT_ERROR);
        PyExc_ModuleNotFoundError: *mut PyObject = exc(&types::MODULE_NOT_FOUND_ERROR);
        PyExc_SystemError: *mut PyObject = exc(&types::SYSTEM_ERROR);
        PyExc_MemoryError: *mut PyObject = exc(&types::MEMORY_ERROR);
        PyExc_UnicodeError: *mut PyObject = exc(&types::UNICODE_ERROR);
        PyExc_UnicodeDecodeError: *mut PyObject = exc(&types::UNICODE_DECODE_ERROR);
        PyExc_KeyboardInterrupt: *mut PyObject = exc(&types::KEYBOARD_INTERRUPT);
        PyExc_SystemExit: *mut PyObject = exc(&types::SYSTEM_EXIT);
        PyExc_BufferError: *mut PyObject = exc(&types::BUFFER_ERROR);
        PyExc_Warning: *mut PyObject = exc(&types::WARNING);
        PyExc_UserWarning: *mut PyObject = exc(&types::USER_WARNING);
        PyExc_DeprecationWarning: *mut PyObject = exc(&types::DEPRECATION_WARNING);
        PyExc_PendingDeprecationWarning: *mut PyObject = exc(&types::PENDING_DEPRECATION_WARNING);
        PyExc_RuntimeWarning: *mut PyObject = exc(&types::RUNTIME_WARNING);
        PyExc_SyntaxWarning: *mut PyObject = exc(&types::SYNTAX_WARNING);
        PyExc_FutureWarning: *mut PyObject = exc(&types::FUTURE_WARNING);
        PyExc_ImportWarning: *mut PyObject = exc(&types::IMPORT_WARNING);
        PyExc_UnicodeWarning: *mut PyObject = exc(&types::UNICODE_WARNING);
        PyExc_BytesWarning: *mut PyObject = exc(&types::BYTES_WARNING);
        PyExc_ResourceWarning: *mut PyObject = exc(&types::RESOURCE_WARNING);
        PyExc_EncodingWarning: *mut PyObject = exc(&types::ENCODING_WARNING);
        PyByteArray_Type: *mut PyTypeObject = ty(&types::BYTEARRAY);
        PyMemoryView_Type: *mut PyTypeObject = ty(&types::MEMORYVIEW);
        PySet_Type: *mut PyTypeObject = ty(&types::SET);
        PyFrozenSet_Type: *mut PyTypeObject = ty(&types::FROZENSET);
        PyEllipsis_Type: *mut PyTypeObject = ty(&types::ELLIPSIS_TYPE);
        PySeqIter_Type: *mut PyTypeObject = ty(&types::SEQ_ITER);
        PyCallIter_Type: *mut PyTypeObject = ty(&types::CALLABLE_ITER);
        PyListIter_Type: *mut PyTypeObject = ty(&types::LIST_ITER);
        PyListRevIter_Type: *mut PyTypeObject = ty(&types::LIST_REVITER);
        PyTupleIter_Type: *mut PyTypeObject = ty(&types::TUPLE_ITER);
        PyRangeIter_Type: *mut PyTypeObject = ty(&types::RANGE_ITER);
        PyLongRangeIter_Type: *mut PyTypeObject = ty(&types::LONGRANGE_ITER);
        PySetIter_Type: *mut PyTypeObject = ty(&types::SET_ITER);
        PyDictIterKey_Type: *mut PyTypeObject = ty(&types::DICT_KEYITER);
        PyDictIterValue_Type: *mut PyTypeObject = ty(&types::DICT_VALUEITER);
        PyDictIterItem_Type: *mut PyTypeObject = ty(&types::DICT_ITEMITER);
        PyZip_Type: *mut PyTypeObject = ty(&types::ZIP);
        PyMap_Type: *mut PyTypeObject = ty(&types::MAP);
        PyFilter_Type: *mut PyTypeObject = ty(&types::FILTER);
        PyBytesIter_Type: *mut PyTypeObject = ty(&types::BYTES_ITER);
        PyByteArrayIter_Type: *mut PyTypeObject = ty(&types::BYTEARRAY_ITER);
        PyExc_GeneratorExit: *mut PyObject = exc(&types::GENERATOR_EXIT);
        PyExc_UnboundLocalError: *mut PyObject = exc(&types::UNBOUND_LOCAL_ERROR);
        PyExc_EOFError: *mut PyObject = exc(&types::EOF_ERROR);
        PyExc_SyntaxError: *mut PyObject = exc(&types::SYNTAX_ERROR);
        PyExc_IndentationError: *mut PyObject = exc(&types::INDENTATION_ERROR);
        PyExc_TabError: *mut PyObject = exc(&types::TAB_ERROR);
        PyExc_UnicodeEncodeError: *mut PyObject = exc(&types::UNICODE_ENCODE_ERROR);
        PyExc_OSError: *mut PyObject = exc(&types::OS_ERROR);
        PyExc_ConnectionError: *mut PyObject = exc(&types::CONNECTION_ERROR);
        PyExc_BrokenPipeError: *mut PyObject = exc(&types::BROKEN_PIPE_ERROR);
        PyExc_FileNotFoundError: *mut PyObject = exc(&types::FILE_NOT_FOUND_ERROR);
        PyExc_FileExistsError: *mut PyObject = exc(&types::FILE_EXISTS_ERROR);
        PyExc_PermissionError: *mut PyObject = exc(&types::PERMISSION_ERROR);
        PyExc_IsADirectoryError: *mut PyObject = exc(&types::IS_A_DIRECTORY_ERROR);
        PyExc_NotADirectoryError: *mut PyObject = exc(&types::NOT_A_DIRECTORY_ERROR);
        PyCapsule_Type: *mut PyTypeObject = ty(&capsule::CAPSULE);
        PyExc_ConnectionAbortedError: *mut PyObject = exc(&types::CONNECTION_ABORTED_ERROR);
        PyExc_ConnectionRefusedError: *mut PyObject = exc(&types::CONNECTION_REFUSED_ERROR);
        PyExc_ConnectionResetError: *mut PyObject = exc(&types::CONNECTION_RESET_ERROR);
        PyExc_BlockingIOError: *mut PyObject = exc(&types::BLOCKING_IO_ERROR);
        PyExc_ChildProcessError: *mut PyObject = exc(&types::CHILD_PROCESS_ERROR);
        PyExc_InterruptedError: *mut PyObject = exc(&types::INTERRUPTED_ERROR);
        PyExc_ProcessLookupError: *mut PyObject = exc(&types::PROCESS_LOOKUP_ERROR);
        PyExc_TimeoutError: *mut PyObject = exc(&types::TIMEOUT_ERROR);
        PyExc_FloatingPointError: *mut PyObject = exc(&types::FLOATING_POINT_ERROR);
        PyExc_ReferenceError: *mut PyObject = exc(&types::REFERENCE_ERROR);
        PyExc_StopAsyncIteration: *mut PyObject = exc(&types::STOP_ASYNC_ITERATION);
        PyExc_UnicodeTranslateError: *mut PyObject = exc(&types::UNICODE_TRANSLATE_ERROR);
    }
    rust {
        protocols::Py_IncRef(o: *mut PyObject);
        protocols::Py_DecRef(o: *mut PyObject);

        errors::PyErr_SetString(t: *mut PyObject, msg: *const c_char);
        errors::PyErr_SetObject(t: *mut PyObject, v: *mut PyObject);
        errors::PyErr_SetNone(t: *mut PyObject);
        errors::PyErr_Occurred() -> *mut PyObject;
        errors::PyErr_Clear();
        errors::PyErr_WriteUnraisable(obj: *mut PyObject);
        errors::PyErr_NoMemory() -> *mut PyObject;
        errors::PyErr_BadArgument() -> c_int;
        errors::_PyErr_BadInternalCall(file: *const c_char, line: c_int);
        errors::PyErr_GivenExceptionMatches(given: *mut PyObject, t: *mut PyObject) -> c_int;
        errors::PyErr_ExceptionMatches(t: *mut PyObject) -> c_int;
        errors::PyErr_Fetch(ptype: *mut *mut PyObject, pvalue: *mut *mut PyObject, ptb: *mut *mut PyObject);
        errors::PyErr_Restore(t: *mut PyObject, v: *mut PyObject, tb: *mut PyObject);
        errors::PyErr_NormalizeException(ptype: *mut *mut PyObject, pvalue: *mut *mut PyObject, ptb: *mut *mut PyObject);
        errors::PyErr_NewException(name: *const c_char, base: *mut PyObject, dict: *mut PyObject) -> *mut PyObject;
        errors::PyErr_NewExceptionWithDoc(name: *const c_char, doc: *const c_char, base: *mut PyObject, dict: *mut PyObject) -> *mut PyObject;

        long::PyLong_FromLong(v: c_long) -> *mut PyObject;
        long::PyLong_FromLongLong(v: c_longlong) -> *mut PyObject;
        long::PyLong_FromSsize_t(v: Py_ssize_t) -> *mut PyObject;
        long::PyLong_FromUnsignedLong(v: c_ulong) -> *mut PyObject;
        long::PyLong_FromUnsignedLongLong(v: c_ulonglong) -> *mut PyObject;
        long::PyLong_FromSize_t(v: usize) -> *mut PyObject;
        long::PyLong_FromDouble(v: c_double) -> *mut PyObject;
        long::PyLong_AsLong(o: *mut PyObject) -> c_long;
        long::PyLong_AsLongAndOverflow(o: *mut PyObject, overflow: *mut c_int) -> c_long;
        long::_PyLong_NumBits(o: *mut PyObject) -> usize;
        long::PyLong_AsLongLong(o: *mut PyObject) -> c_longlong;
        long::PyLong_AsSsize_t(o: *mut PyObject) -> Py_ssize_t;
        long::PyLong_AsUnsignedLong(o: *mut PyObject) -> c_ulong;
        long::PyLong_AsUnsignedLongLong(o: *mut PyObject) -> c_ulonglong;
        long::PyLong_AsSize_t(o: *mut PyObject) -> usize;
        long::PyLong_AsDouble(o: *mut PyObject) -> c_double;
        long::PyBool_FromLong(v: c_long) -> *mut PyObject;
        long::PyFloat_FromDouble(v: c_double) -> *mut PyObject;
        long::PyFloat_AsDouble(o: *mut PyObject) -> c_double;

        unicode::PyUnicode_FromString(s: *const c_char) -> *mut PyObject;
        unicode::PyUnicode_InternFromString(s: *const c_char) -> *mut PyObject;
        unicode::PyUnicode_FromStringAndSize(s: *const c_char, n: Py_ssize_t) -> *mut PyObject;
        strapi::PyUnicode_DecodeUTF8(s: *const c_char, n: Py_ssize_t, errors: *const c_char) -> *mut PyObject;
        unicode::PyUnicode_AsUTF8(o: *mut PyObject) -> *const c_char;
        unicode::PyUnicode_AsUTF8AndSize(o: *mut PyObject, size: *mut Py_ssize_t) -> *const c_char;
        unicode::PyUnicode_GetLength(o: *mut PyObject) -> Py_ssize_t;
        unicode::PyUnicode_Concat(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        unicode::PyUnicode_CompareWithASCIIString(o: *mut PyObject, s: *const c_char) -> c_int;
        unicode::PyUnicode_Compare(a: *mut PyObject, b: *mut PyObject) -> c_int;
        unicode::PyUnicode_AsUTF8String(o: *mut PyObject) -> *mut PyObject;
        unicode::PyUnicode_FromOrdinal(c: c_int) -> *mut PyObject;
        unicode::PyBytes_FromStringAndSize(s: *const c_char, n: Py_ssize_t) -> *mut PyObject;
        unicode::PyBytes_FromString(s: *const c_char) -> *mut PyObject;
        unicode::PyBytes_AsString(o: *mut PyObject) -> *mut c_char;
        unicode::PyBytes_Size(o: *mut PyObject) -> Py_ssize_t;
        unicode::PyBytes_AsStringAndSize(o: *mut PyObject, buf: *mut *mut c_char, len: *mut Py_ssize_t) -> c_int;

        tuple::PyTuple_New(n: Py_ssize_t) -> *mut PyObject;
        tuple::PyTuple_Size(t: *mut PyObject) -> Py_ssize_t;
        tuple::PyTuple_GetItem(t: *mut PyObject, i: Py_ssize_t) -> *mut PyObject;
        tuple::PyTuple_SetItem(t: *mut PyObject, i: Py_ssize_t, v: *mut PyObject) -> c_int;
        tuple::_Typhon_PyTuple_SET_ITEM(t: *mut PyObject, i: Py_ssize_t, v: *mut PyObject);
        tuple::_Typhon_PySeq_FromItems(items: *const TyphonItem, n: Py_ssize_t, as_list: c_int) -> *mut PyObject;
        tuple::PyTuple_GetSlice(t: *mut PyObject, lo: Py_ssize_t, hi: Py_ssize_t) -> *mut PyObject;

        list::PyList_New(n: Py_ssize_t) -> *mut PyObject;
        list::PyList_Size(l: *mut PyObject) -> Py_ssize_t;
        list::PyList_GetItem(l: *mut PyObject, i: Py_ssize_t) -> *mut PyObject;
        list::PyList_SetItem(l: *mut PyObject, i: Py_ssize_t, v: *mut PyObject) -> c_int;
        list::PyList_Insert(l: *mut PyObject, i: Py_ssize_t, v: *mut PyObject) -> c_int;
        list::PyList_Append(l: *mut PyObject, v: *mut PyObject) -> c_int;
        list::PyList_AsTuple(l: *mut PyObject) -> *mut PyObject;
        list::PyList_Reverse(l: *mut PyObject) -> c_int;
        list::PyList_Sort(l: *mut PyObject) -> c_int;

        dict::PyDict_New() -> *mut PyObject;
        dict::PyDict_GetItem(d: *mut PyObject, key: *mut PyObject) -> *mut PyObject;
        dict::PyDict_GetItemWithError(d: *mut PyObject, key: *mut PyObject) -> *mut PyObject;
        dict::PyDict_GetItemString(d: *mut PyObject, key: *const c_char) -> *mut PyObject;
        dict::PyDict_SetItem(d: *mut PyObject, key: *mut PyObject, v: *mut PyObject) -> c_int;
        dict::PyDict_SetItemString(d: *mut PyObject, key: *const c_char, v: *mut PyObject) -> c_int;
        dict::PyDict_DelItem(d: *mut PyObject, key: *mut PyObject) -> c_int;
        dict::PyDict_DelItemString(d: *mut PyObject, key: *const c_char) -> c_int;
        dict::PyDict_Size(d: *mut PyObject) -> Py_ssize_t;
        dict::PyDict_Contains(d: *mut PyObject, key: *mut PyObject) -> c_int;
        dict::PyDict_Keys(d: *mut PyObject) -> *mut PyObject;
        dict::PyDict_Values(d: *mut PyObject) -> *mut PyObject;
        dict::PyDict_Items(d: *mut PyObject) -> *mut PyObject;
        dict::PyDict_Next(d: *mut PyObject, pos: *mut Py_ssize_t, key: *mut *mut PyObject, value: *mut *mut PyObject) -> c_int;
        dict::PyDict_Copy(d: *mut PyObject) -> *mut PyObject;
        dict::PyDict_Merge(a: *mut PyObject, b: *mut PyObject, over: c_int) -> c_int;
        dict::PyDict_Update(a: *mut PyObject, b: *mut PyObject) -> c_int;
        dict::PyDict_Clear(d: *mut PyObject);

        protocols::PyObject_GetAttrString(o: *mut PyObject, name: *const c_char) -> *mut PyObject;
        protocols::PyObject_GetAttr(o: *mut PyObject, name: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_SetAttrString(o: *mut PyObject, name: *const c_char, v: *mut PyObject) -> c_int;
        protocols::PyObject_SetAttr(o: *mut PyObject, name: *mut PyObject, v: *mut PyObject) -> c_int;
        protocols::PyObject_HasAttrString(o: *mut PyObject, name: *const c_char) -> c_int;
        protocols::PyObject_HasAttr(o: *mut PyObject, name: *mut PyObject) -> c_int;
        protocols::PyObject_Call(callable: *mut PyObject, args: *mut PyObject, kwargs: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_CallObject(callable: *mut PyObject, args: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_CallNoArgs(callable: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_CallOneArg(callable: *mut PyObject, arg: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_Repr(o: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_Str(o: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_RichCompare(a: *mut PyObject, b: *mut PyObject, op: c_int) -> *mut PyObject;
        protocols::PyObject_RichCompareBool(a: *mut PyObject, b: *mut PyObject, op: c_int) -> c_int;
        protocols::PyObject_IsTrue(o: *mut PyObject) -> c_int;
        protocols::PyObject_Not(o: *mut PyObject) -> c_int;
        protocols::PyObject_Length(o: *mut PyObject) -> Py_ssize_t;
        protocols::PyObject_Size(o: *mut PyObject) -> Py_ssize_t;
        protocols::PyObject_GetItem(o: *mut PyObject, key: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_SetItem(o: *mut PyObject, key: *mut PyObject, v: *mut PyObject) -> c_int;
        protocols::PyObject_DelItem(o: *mut PyObject, key: *mut PyObject) -> c_int;
        protocols::PyObject_Hash(o: *mut PyObject) -> Py_hash_t;
        protocols::PyObject_Type(o: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_IsInstance(o: *mut PyObject, cls: *mut PyObject) -> c_int;
        protocols::PyObject_IsSubclass(o: *mut PyObject, cls: *mut PyObject) -> c_int;
        protocols::PyObject_GetIter(o: *mut PyObject) -> *mut PyObject;
        protocols::PyIter_Next(it: *mut PyObject) -> *mut PyObject;
        protocols::PyCallable_Check(o: *mut PyObject) -> c_int;
        protocols::PyNumber_Add(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Subtract(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Multiply(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_TrueDivide(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_FloorDivide(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Remainder(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Negative(a: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Index(a: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Long(a: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Float(a: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Lshift(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Rshift(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_And(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Or(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Xor(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Power(a: *mut PyObject, b: *mut PyObject, m: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlaceAdd(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlaceSubtract(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlaceMultiply(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlaceTrueDivide(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlaceFloorDivide(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlaceRemainder(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlaceLshift(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlaceRshift(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlaceAnd(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlaceOr(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlaceXor(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlacePower(a: *mut PyObject, b: *mut PyObject, m: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Positive(a: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Invert(a: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Absolute(a: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_Format(o: *mut PyObject, spec: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Divmod(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_Bytes(o: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_Dir(o: *mut PyObject) -> *mut PyObject;
        protocols::PySequence_Contains(o: *mut PyObject, v: *mut PyObject) -> c_int;
        protocols::PySequence_Check(o: *mut PyObject) -> c_int;
        protocols::PySequence_Size(o: *mut PyObject) -> Py_ssize_t;
        protocols::PySequence_Length(o: *mut PyObject) -> Py_ssize_t;
        protocols::PySequence_GetItem(o: *mut PyObject, i: Py_ssize_t) -> *mut PyObject;
        protocols::PySequence_SetItem(o: *mut PyObject, i: Py_ssize_t, v: *mut PyObject) -> c_int;
        protocols::PySequence_DelItem(o: *mut PyObject, i: Py_ssize_t) -> c_int;
        protocols::PySequence_GetSlice(o: *mut PyObject, i: Py_ssize_t, j: Py_ssize_t) -> *mut PyObject;
        protocols::PySequence_Count(o: *mut PyObject, v: *mut PyObject) -> Py_ssize_t;
        protocols::PySequence_Index(o: *mut PyObject, v: *mut PyObject) -> Py_ssize_t;
        protocols::PySequence_In(o: *mut PyObject, v: *mut PyObject) -> c_int;
        protocols::PySequence_Tuple(o: *mut PyObject) -> *mut PyObject;
        protocols::PySequence_List(o: *mut PyObject) -> *mut PyObject;
        protocols::PyType_GetFlags(t: *mut PyTypeObject) -> c_ulong;

        typeobject::PyType_Ready(t: *mut PyTypeObject) -> c_int;
        typeobject::PyType_GenericAlloc(t: *mut PyTypeObject, n: Py_ssize_t) -> *mut PyObject;
        typeobject::PyType_GenericNew(t: *mut PyTypeObject, args: *mut PyObject, kwds: *mut PyObject) -> *mut PyObject;
        typeobject::PyType_IsSubtype(a: *mut PyTypeObject, b: *mut PyTypeObject) -> c_int;
        typeobject::PyType_Modified(t: *mut PyTypeObject);
        typeobject::PyObject_GenericGetAttr(o: *mut PyObject, name: *mut PyObject) -> *mut PyObject;
        typeobject::PyObject_GenericSetAttr(o: *mut PyObject, name: *mut PyObject, v: *mut PyObject) -> c_int;
        typeobject::_Typhon_Py_SIZE(o: *mut PyObject) -> Py_ssize_t;

        mem::PyMem_Malloc(size: usize) -> *mut c_void;
        mem::PyMem_Calloc(n: usize, size: usize) -> *mut c_void;
        mem::PyMem_Realloc(p: *mut c_void, size: usize) -> *mut c_void;
        mem::PyMem_Free(p: *mut c_void);
        mem::PyObject_Malloc(size: usize) -> *mut c_void;
        mem::PyObject_Calloc(n: usize, size: usize) -> *mut c_void;
        mem::PyObject_Realloc(p: *mut c_void, size: usize) -> *mut c_void;
        mem::PyObject_Free(p: *mut c_void);
        mem::_PyObject_New(t: *mut PyTypeObject) -> *mut PyObject;
        mem::_PyObject_NewVar(t: *mut PyTypeObject, n: Py_ssize_t) -> *mut PyObject;
        mem::PyObject_Init(o: *mut PyObject, t: *mut PyTypeObject) -> *mut PyObject;
        mem::PyObject_InitVar(o: *mut PyObject, t: *mut PyTypeObject, n: Py_ssize_t) -> *mut PyObject;

        module::PyModule_Create2(def: *mut PyModuleDef, api: c_int) -> *mut PyObject;
        module::PyModule_AddObjectRef(m: *mut PyObject, name: *const c_char, v: *mut PyObject) -> c_int;
        module::PyModule_AddObject(m: *mut PyObject, name: *const c_char, v: *mut PyObject) -> c_int;
        module::PyModule_AddIntConstant(m: *mut PyObject, name: *const c_char, v: c_long) -> c_int;
        module::PyModule_AddStringConstant(m: *mut PyObject, name: *const c_char, v: *const c_char) -> c_int;
        module::PyModule_AddType(m: *mut PyObject, t: *mut PyTypeObject) -> c_int;
        module::PyModule_GetDict(m: *mut PyObject) -> *mut PyObject;
        module::PyModule_GetName(m: *mut PyObject) -> *const c_char;
        module::PyModule_GetState(m: *mut PyObject) -> *mut c_void;
        module::PyModule_New(name: *const c_char) -> *mut PyObject;
        module::PyImport_ImportModule(name: *const c_char) -> *mut PyObject;

        errors::_Py_FatalErrorFunc(func: *const c_char, msg: *const c_char);
        module::PyModuleDef_Init(def: *mut PyModuleDef) -> *mut PyObject;
        unicode::PyUnicode_New(size: Py_ssize_t, maxchar: Py_UCS4) -> *mut PyObject;
        unicode::_Typhon_PyUnicode_Data(o: *mut PyObject) -> *mut c_void;
        unicode::_Typhon_PyUnicode_Kind(o: *mut PyObject) -> c_int;
        unicode::_Typhon_PyUnicode_MaxCharValue(o: *mut PyObject) -> Py_UCS4;
        unicode::PyUnicode_ReadChar(o: *mut PyObject, i: Py_ssize_t) -> Py_UCS4;
        unicode::PyUnicode_WriteChar(o: *mut PyObject, i: Py_ssize_t, ch: Py_UCS4) -> c_int;
        unicode::PyUnicode_FromKindAndData(kind: c_int, buffer: *const c_void, size: Py_ssize_t) -> *mut PyObject;
        unicode::PyUnicode_Join(sep: *mut PyObject, seq: *mut PyObject) -> *mut PyObject;
        unicode::PyUnicode_Substring(o: *mut PyObject, start: Py_ssize_t, end: Py_ssize_t) -> *mut PyObject;
        protocols::PyMapping_Items(o: *mut PyObject) -> *mut PyObject;
        protocols::PyMapping_Keys(o: *mut PyObject) -> *mut PyObject;
        protocols::PyMapping_Values(o: *mut PyObject) -> *mut PyObject;
        protocols::PyMapping_Check(o: *mut PyObject) -> c_int;
        protocols::PyMapping_Size(o: *mut PyObject) -> Py_ssize_t;
        protocols::PyMapping_Length(o: *mut PyObject) -> Py_ssize_t;
        protocols::PyMapping_GetItemString(o: *mut PyObject, key: *const c_char) -> *mut PyObject;
        protocols::PyMapping_SetItemString(o: *mut PyObject, key: *const c_char, v: *mut PyObject) -> c_int;
        protocols::PyMapping_HasKey(o: *mut PyObject, key: *mut PyObject) -> c_int;
        protocols::PyMapping_HasKeyString(o: *mut PyObject, key: *const c_char) -> c_int;
        protocols::PyFloat_FromString(o: *mut PyObject) -> *mut PyObject;
        list::PyList_SetSlice(l: *mut PyObject, low: Py_ssize_t, high: Py_ssize_t, items: *mut PyObject) -> c_int;
        module::PyModule_FromDefAndSpec2(def: *mut PyModuleDef, spec: *mut PyObject, api: c_int) -> *mut PyObject;
        module::PyModule_ExecDef(m: *mut PyObject, def: *mut PyModuleDef) -> c_int;
        capsule::PyCapsule_New(pointer: *mut c_void, name: *const c_char, destructor: Option<CapsuleDestructor>) -> *mut PyObject;
        capsule::PyCapsule_GetPointer(o: *mut PyObject, name: *const c_char) -> *mut c_void;
        capsule::PyCapsule_GetName(o: *mut PyObject) -> *const c_char;
        capsule::PyCapsule_GetContext(o: *mut PyObject) -> *mut c_void;
        capsule::PyCapsule_SetContext(o: *mut PyObject, context: *mut c_void) -> c_int;
        capsule::PyCapsule_SetPointer(o: *mut PyObject, pointer: *mut c_void) -> c_int;
        capsule::PyCapsule_IsValid(o: *mut PyObject, name: *const c_char) -> c_int;
        capsule::PyCapsule_CheckExact(o: *mut PyObject) -> c_int;
        capsule::PyCapsule_Import(name: *const c_char, no_block: c_int) -> *mut c_void;

        buffer::PyObject_CheckBuffer(o: *mut PyObject) -> c_int;
        buffer::PyObject_GetBuffer(o: *mut PyObject, view: *mut Py_buffer, flags: c_int) -> c_int;
        buffer::PyBuffer_FillInfo(view: *mut Py_buffer, o: *mut PyObject, buf: *mut c_void, len: Py_ssize_t, readonly: c_int, flags: c_int) -> c_int;
        buffer::PyBuffer_Release(view: *mut Py_buffer);
        buffer::PyBuffer_IsContiguous(view: *const Py_buffer, order: c_char) -> c_int;

        heaptype::PyType_FromSpec(spec: *mut PyType_Spec) -> *mut PyObject;
        heaptype::PyType_FromSpecWithBases(spec: *mut PyType_Spec, bases: *mut PyObject) -> *mut PyObject;
        heaptype::PyType_FromModuleAndSpec(module: *mut PyObject, spec: *mut PyType_Spec, bases: *mut PyObject) -> *mut PyObject;
        heaptype::PyType_GetModule(t: *mut PyTypeObject) -> *mut PyObject;
        heaptype::PyType_GetModuleState(t: *mut PyTypeObject) -> *mut c_void;
        heaptype::PyType_GetSlot(t: *mut PyTypeObject, slot: c_int) -> *mut c_void;
        heaptype::PyType_GetModuleByDef(t: *mut PyTypeObject, def: *mut PyModuleDef) -> *mut PyObject;
        module::PyModule_GetDef(m: *mut PyObject) -> *mut PyModuleDef;
        errors::PyErr_WarnEx(category: *mut PyObject, text: *const c_char, stacklevel: Py_ssize_t) -> c_int;
        errors::PyErr_WarnExplicit(category: *mut PyObject, text: *const c_char, filename: *const c_char, lineno: c_int, module: *const c_char, registry: *mut PyObject) -> c_int;
        heaptype::PyType_GetName(t: *mut PyTypeObject) -> *mut PyObject;
        heaptype::PyType_GetQualName(t: *mut PyTypeObject) -> *mut PyObject;

        long::_PyLong_FromByteArray(bytes: *const c_uchar, n: usize, little_endian: c_int, is_signed: c_int) -> *mut PyObject;
        long::_PyLong_AsByteArray(v: *mut PyLongObject, bytes: *mut c_uchar, n: usize, little_endian: c_int, is_signed: c_int) -> c_int;

        slice::PySlice_Check(o: *mut PyObject) -> c_int;
        slice::PySlice_New(start: *mut PyObject, stop: *mut PyObject, step: *mut PyObject) -> *mut PyObject;
        slice::PySlice_Unpack(slice: *mut PyObject, start: *mut Py_ssize_t, stop: *mut Py_ssize_t, step: *mut Py_ssize_t) -> c_int;
        slice::PySlice_AdjustIndices(length: Py_ssize_t, start: *mut Py_ssize_t, stop: *mut Py_ssize_t, step: Py_ssize_t) -> Py_ssize_t;
        slice::PySlice_GetIndicesEx(slice: *mut PyObject, length: Py_ssize_t, start: *mut Py_ssize_t, stop: *mut Py_ssize_t, step: *mut Py_ssize_t, slicelength: *mut Py_ssize_t) -> c_int;
        protocols::PyIndex_Check(o: *mut PyObject) -> c_int;
        protocols::PyNumber_AsSsize_t(o: *mut PyObject, exc: *mut PyObject) -> Py_ssize_t;
        protocols::_PyEval_SliceIndex(v: *mut PyObject, pi: *mut Py_ssize_t) -> c_int;
        protocols::PyObject_SelfIter(o: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_ClearWeakRefs(o: *mut PyObject);
        list::_PyList_Extend(l: *mut PyListObject, iterable: *mut PyObject) -> *mut PyObject;

        strapi::PyUnicode_Split(s: *mut PyObject, sep: *mut PyObject, maxsplit: Py_ssize_t) -> *mut PyObject;
        strapi::PyUnicode_RSplit(s: *mut PyObject, sep: *mut PyObject, maxsplit: Py_ssize_t) -> *mut PyObject;
        strapi::PyUnicode_Splitlines(s: *mut PyObject, keepends: c_int) -> *mut PyObject;
        strapi::PyUnicode_Partition(s: *mut PyObject, sep: *mut PyObject) -> *mut PyObject;
        strapi::PyUnicode_RPartition(s: *mut PyObject, sep: *mut PyObject) -> *mut PyObject;
        strapi::PyUnicode_Find(s: *mut PyObject, sub: *mut PyObject, start: Py_ssize_t, end: Py_ssize_t, direction: c_int) -> Py_ssize_t;
        strapi::PyUnicode_FindChar(s: *mut PyObject, ch: Py_UCS4, start: Py_ssize_t, end: Py_ssize_t, direction: c_int) -> Py_ssize_t;
        strapi::PyUnicode_Count(s: *mut PyObject, sub: *mut PyObject, start: Py_ssize_t, end: Py_ssize_t) -> Py_ssize_t;
        strapi::PyUnicode_Replace(s: *mut PyObject, old: *mut PyObject, new: *mut PyObject, maxcount: Py_ssize_t) -> *mut PyObject;
        strapi::PyUnicode_Tailmatch(s: *mut PyObject, sub: *mut PyObject, start: Py_ssize_t, end: Py_ssize_t, direction: c_int) -> Py_ssize_t;
        strapi::PyUnicode_Contains(s: *mut PyObject, sub: *mut PyObject) -> c_int;
        strapi::PyUnicode_RichCompare(a: *mut PyObject, b: *mut PyObject, op: c_int) -> *mut PyObject;
        strapi::PyUnicode_Format(format: *mut PyObject, args: *mut PyObject) -> *mut PyObject;
        strapi::PyUnicode_IsIdentifier(s: *mut PyObject) -> c_int;
        strapi::PyUnicode_Translate(s: *mut PyObject, table: *mut PyObject, errors: *const c_char) -> *mut PyObject;
        strapi::PyUnicode_FromObject(o: *mut PyObject) -> *mut PyObject;
        strapi::PyUnicode_GetDefaultEncoding() -> *const c_char;
        strapi::PyUnicode_InternInPlace(p: *mut *mut PyObject);
        strapi::PyUnicode_InternImmortal(p: *mut *mut PyObject);
        strapi::PyUnicode_Append(p: *mut *mut PyObject, right: *mut PyObject);
        strapi::PyUnicode_AppendAndDel(p: *mut *mut PyObject, right: *mut PyObject);
        strapi::PyUnicode_Decode(s: *const c_char, n: Py_ssize_t, encoding: *const c_char, errors: *const c_char) -> *mut PyObject;
        strapi::PyUnicode_DecodeASCII(s: *const c_char, n: Py_ssize_t, errors: *const c_char) -> *mut PyObject;
        strapi::PyUnicode_DecodeLatin1(s: *const c_char, n: Py_ssize_t, errors: *const c_char) -> *mut PyObject;
        strapi::PyUnicode_AsEncodedString(o: *mut PyObject, encoding: *const c_char, errors: *const c_char) -> *mut PyObject;
        strapi::PyUnicode_AsASCIIString(o: *mut PyObject) -> *mut PyObject;
        strapi::PyUnicode_AsLatin1String(o: *mut PyObject) -> *mut PyObject;
        strapi::PyUnicode_FromEncodedObject(o: *mut PyObject, encoding: *const c_char, errors: *const c_char) -> *mut PyObject;
        strapi::PyUnicode_AsUCS4(o: *mut PyObject, buffer: *mut Py_UCS4, buflen: Py_ssize_t, copy_null: c_int) -> *mut Py_UCS4;
        strapi::PyUnicode_AsUCS4Copy(o: *mut PyObject) -> *mut Py_UCS4;
        strapi::PyUnicode_AsWideChar(o: *mut PyObject, w: *mut wchar_t, size: Py_ssize_t) -> Py_ssize_t;
        strapi::PyUnicode_AsWideCharString(o: *mut PyObject, size: *mut Py_ssize_t) -> *mut wchar_t;
        strapi::PyUnicode_FromWideChar(w: *const wchar_t, size: Py_ssize_t) -> *mut PyObject;

        bytesapi::PyBytes_Concat(pv: *mut *mut PyObject, w: *mut PyObject);
        bytesapi::PyBytes_ConcatAndDel(pv: *mut *mut PyObject, w: *mut PyObject);
        bytesapi::PyBytes_FromObject(o: *mut PyObject) -> *mut PyObject;
        bytesapi::PyBytes_Repr(o: *mut PyObject, smartquotes: c_int) -> *mut PyObject;
        bytesapi::PyBytes_DecodeEscape(s: *const c_char, len: Py_ssize_t, errors: *const c_char, unicode: Py_ssize_t, recode: *const c_char) -> *mut PyObject;
        bytesapi::PyByteArray_FromStringAndSize(s: *const c_char, n: Py_ssize_t) -> *mut PyObject;
        bytesapi::PyByteArray_FromObject(o: *mut PyObject) -> *mut PyObject;
        bytesapi::PyByteArray_AsString(o: *mut PyObject) -> *mut c_char;
        bytesapi::PyByteArray_Size(o: *mut PyObject) -> Py_ssize_t;
        bytesapi::PyByteArray_Concat(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        bytesapi::PyByteArray_Resize(o: *mut PyObject, n: Py_ssize_t) -> c_int;

        protocols::PySequence_Concat(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PySequence_InPlaceConcat(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PySequence_Repeat(o: *mut PyObject, n: Py_ssize_t) -> *mut PyObject;
        protocols::PySequence_InPlaceRepeat(o: *mut PyObject, n: Py_ssize_t) -> *mut PyObject;
        protocols::PySequence_SetSlice(o: *mut PyObject, i: Py_ssize_t, j: Py_ssize_t, v: *mut PyObject) -> c_int;
        protocols::PySequence_DelSlice(o: *mut PyObject, i: Py_ssize_t, j: Py_ssize_t) -> c_int;
        protocols::PySequence_Fast(o: *mut PyObject, message: *const c_char) -> *mut PyObject;
        protocols::PyObject_ASCII(o: *mut PyObject) -> *mut PyObject;
        protocols::PyObject_DelItemString(o: *mut PyObject, key: *const c_char) -> c_int;
        protocols::PyObject_HashNotImplemented(o: *mut PyObject) -> Py_hash_t;
        protocols::PyObject_GenericGetDict(o: *mut PyObject, context: *mut c_void) -> *mut PyObject;
        protocols::Py_ReprEnter(o: *mut PyObject) -> c_int;
        protocols::Py_ReprLeave(o: *mut PyObject);
        protocols::PyNumber_MatrixMultiply(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_InPlaceMatrixMultiply(a: *mut PyObject, b: *mut PyObject) -> *mut PyObject;
        protocols::PyNumber_Check(o: *mut PyObject) -> c_int;
        protocols::PyNumber_ToBase(n: *mut PyObject, base: c_int) -> *mut PyObject;
        protocols::PyIter_Check(o: *mut PyObject) -> c_int;
        protocols::PySeqIter_New(seq: *mut PyObject) -> *mut PyObject;
        protocols::PyCallIter_New(callable: *mut PyObject, sentinel: *mut PyObject) -> *mut PyObject;
        slice::PySlice_GetIndices(slice: *mut PyObject, length: Py_ssize_t, start: *mut Py_ssize_t, stop: *mut Py_ssize_t, step: *mut Py_ssize_t) -> c_int;
        strapi::PyUnicode_DecodeUTF8Stateful(s: *const c_char, n: Py_ssize_t, errors: *const c_char, consumed: *mut Py_ssize_t) -> *mut PyObject;
        strapi::PyUnicode_EncodeFSDefault(o: *mut PyObject) -> *mut PyObject;
        strapi::PyUnicode_DecodeFSDefaultAndSize(s: *const c_char, n: Py_ssize_t) -> *mut PyObject;
        strapi::PyUnicode_DecodeFSDefault(s: *const c_char) -> *mut PyObject;
        strapi::PyOS_FSPath(o: *mut PyObject) -> *mut PyObject;
        strapi::PyUnicode_FSConverter(o: *mut PyObject, addr: *mut c_void) -> c_int;
        strapi::PyUnicode_FSDecoder(o: *mut PyObject, addr: *mut c_void) -> c_int;
        strapi::PyUnicode_AsUnicodeEscapeString(o: *mut PyObject) -> *mut PyObject;
        strapi::PyUnicode_AsRawUnicodeEscapeString(o: *mut PyObject) -> *mut PyObject;
        strapi::PyUnicode_AsUTF16String(o: *mut PyObject) -> *mut PyObject;
        strapi::PyUnicode_AsUTF32String(o: *mut PyObject) -> *mut PyObject;
        bytesapi::PyMemoryView_FromObject(o: *mut PyObject) -> *mut PyObject;
        setobject::PySet_New(iterable: *mut PyObject) -> *mut PyObject;
        setobject::PyFrozenSet_New(iterable: *mut PyObject) -> *mut PyObject;
        setobject::PySet_Size(o: *mut PyObject) -> Py_ssize_t;
        setobject::PySet_Contains(o: *mut PyObject, key: *mut PyObject) -> c_int;
        setobject::PySet_Add(o: *mut PyObject, key: *mut PyObject) -> c_int;
        setobject::PySet_Discard(o: *mut PyObject, key: *mut PyObject) -> c_int;
        setobject::PySet_Clear(o: *mut PyObject) -> c_int;
        setobject::PySet_Pop(o: *mut PyObject) -> *mut PyObject;
        long::PyLong_AsLongLongAndOverflow(o: *mut PyObject, overflow: *mut c_int) -> c_longlong;
        long::PyLong_AsUnsignedLongMask(o: *mut PyObject) -> c_ulong;
        long::PyLong_AsUnsignedLongLongMask(o: *mut PyObject) -> c_ulonglong;
        long::PyComplex_FromDoubles(re: c_double, im: c_double) -> *mut PyObject;
        long::PyComplex_RealAsDouble(o: *mut PyObject) -> c_double;
        long::PyComplex_ImagAsDouble(o: *mut PyObject) -> c_double;
        list::PyList_GetSlice(l: *mut PyObject, low: Py_ssize_t, high: Py_ssize_t) -> *mut PyObject;
        errors::PyException_GetCause(exc: *mut PyObject) -> *mut PyObject;
        errors::PyException_GetContext(exc: *mut PyObject) -> *mut PyObject;
        errors::PyException_SetCause(exc: *mut PyObject, cause: *mut PyObject);
        errors::PyException_SetContext(exc: *mut PyObject, ctx: *mut PyObject);
        errors::PyExceptionClass_Name(t: *mut PyObject) -> *const c_char;
        dict::PyDict_MergeFromSeq2(d: *mut PyObject, seq: *mut PyObject, over: c_int) -> c_int;
        long::PyFloat_GetMax() -> c_double;
        long::PyFloat_GetMin() -> c_double;
        capsule::PyCapsule_SetName(o: *mut PyObject, name: *const c_char) -> c_int;
        capsule::PyCapsule_GetDestructor(o: *mut PyObject) -> Option<CapsuleDestructor>;
        capsule::PyCapsule_SetDestructor(o: *mut PyObject, destructor: Option<CapsuleDestructor>) -> c_int;
        protocols::PyIter_Send(it: *mut PyObject, v: *mut PyObject, result: *mut *mut PyObject) -> c_int;
        long::PyLong_FromString(s: *const c_char, pend: *mut *mut c_char, base: c_int) -> *mut PyObject;
    }
    c {
        PyArg_VaParse = _typhon_impl_PyArg_VaParse : "int" ("PyObject *", "const char *", "va_list");
        PyArg_VaParseTupleAndKeywords = _typhon_impl_PyArg_VaParseTupleAndKeywords
            : "int" ("PyObject *", "PyObject *", "const char *", "char **", "va_list");
        _Typhon_PyArg_VaUnpackTuple = _typhon_impl_PyArg_VaUnpackTuple
            : "int" ("PyObject *", "const char *", "Py_ssize_t", "Py_ssize_t", "va_list");
        Py_VaBuildValue = _typhon_impl_Py_VaBuildValue : "PyObject *" ("const char *", "va_list");
        PyUnicode_FromFormatV = _typhon_impl_PyUnicode_FromFormatV : "PyObject *" ("const char *", "va_list");
        PyErr_FormatV = _typhon_impl_PyErr_FormatV : "PyObject *" ("PyObject *", "const char *", "va_list");
        _Typhon_CallFunctionV = _typhon_impl_CallFunctionV : "PyObject *" ("PyObject *", "const char *", "va_list");
        _Typhon_CallMethodV = _typhon_impl_CallMethodV
            : "PyObject *" ("PyObject *", "const char *", "const char *", "va_list");
        _Typhon_CallFunctionObjArgsV = _typhon_impl_CallFunctionObjArgsV : "PyObject *" ("PyObject *", "va_list");
        _Typhon_CallMethodObjArgsV = _typhon_impl_CallMethodObjArgsV
            : "PyObject *" ("PyObject *", "PyObject *", "va_list");
        _Typhon_PyTuple_PackV = _typhon_impl_PyTuple_PackV : "PyObject *" ("Py_ssize_t", "va_list");
        PyBytes_FromFormatV = _typhon_impl_PyBytes_FromFormatV : "PyObject *" ("const char *", "va_list");
    }
}

/// The C spelling of a Rust type as `stringify!` prints it.
#[doc(hidden)]
pub fn c_type(rust: &str) -> String {
    let t = rust.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(rest) = t.strip_prefix("*const ") {
        let inner = c_type(rest);
        return if rest.starts_with('*') {
            format!("{inner}*")
        } else {
            format!("const {inner} *")
        };
    }
    if let Some(rest) = t.strip_prefix("*mut ") {
        let inner = c_type(rest);
        return if inner.ends_with('*') {
            format!("{inner}*")
        } else {
            format!("{inner} *")
        };
    }
    match t.as_str() {
        "c_long" => "long",
        "c_ulong" => "unsigned long",
        "c_longlong" => "long long",
        "c_ulonglong" => "unsigned long long",
        "c_int" => "int",
        "c_uchar" => "unsigned char",
        "c_double" => "double",
        "c_char" => "char",
        "c_void" => "void",
        "usize" => "size_t",
        "Py_ssize_t" => "Py_ssize_t",
        "Py_hash_t" => "Py_hash_t",
        "PyObject" => "PyObject",
        "PyLongObject" => "PyLongObject",
        "PyListObject" => "PyListObject",
        "PyTypeObject" => "PyTypeObject",
        "PyModuleDef" => "PyModuleDef",
        "Py_buffer" => "Py_buffer",
        "PyType_Spec" => "PyType_Spec",
        "Py_UCS4" => "Py_UCS4",
        "wchar_t" => "wchar_t",
        "Option<CapsuleDestructor>" => "PyCapsule_Destructor",
        "TyphonItem" => "_TyphonItem",
        other => panic!("api.rs: no C spelling for Rust type `{other}`; add it to c_type"),
    }
    .to_string()
}

/// `type name` or `type *name` (no space after a `*`).
#[doc(hidden)]
pub fn declare(ty: &str, name: &str) -> String {
    if ty.ends_with('*') {
        format!("{ty}{name}")
    } else {
        format!("{ty} {name}")
    }
}

/// The first lines of each generated header.
const GENERATED: &str = "/* Generated from capi/src/api.rs; do not edit. Regenerate with\n \
                         * `TYPHON_BLESS=1 cargo test -p capi headers`. */\n";

/// The text of `include/typhon_api.h`: the table as a C struct.
#[doc(hidden)]
pub fn render_table_header() -> String {
    let mut s = String::from(GENERATED);
    s.push_str("#ifndef TYPHON_API_H\n#define TYPHON_API_H\n\nstruct _typhon_api {\n");
    for (t, name) in data_entries() {
        s.push_str(&format!("    {};\n", declare(&t, name)));
    }
    for (ret, name, params) in function_entries() {
        let ps: Vec<String> = params.iter().map(|(t, _)| t.clone()).collect();
        let ps = if ps.is_empty() {
            "void".to_string()
        } else {
            ps.join(", ")
        };
        s.push_str(&format!(
            "    {}({ps});\n",
            declare(&ret, &format!("(*{name})"))
        ));
    }
    s.push_str("};\n\n#endif /* TYPHON_API_H */\n");
    s
}

/// The text of `include/typhon_api_wrappers.h`: one `static inline`
/// function per table entry, calling through `_typhon_api`.
#[doc(hidden)]
pub fn render_wrappers_header() -> String {
    let mut s = String::from(GENERATED);
    s.push_str("#ifndef TYPHON_API_WRAPPERS_H\n#define TYPHON_API_WRAPPERS_H\n\n");
    for (ret, name, params) in function_entries() {
        let decl: Vec<String> = params.iter().map(|(t, n)| declare(t, n)).collect();
        let decl = if decl.is_empty() {
            "void".to_string()
        } else {
            decl.join(", ")
        };
        let call: Vec<&str> = params.iter().map(|(_, n)| n.as_str()).collect();
        let body = format!("_typhon_api->{name}({})", call.join(", "));
        let body = if ret == "void" {
            format!("{body};")
        } else {
            format!("return {body};")
        };
        s.push_str(&format!(
            "static inline {}({decl}) {{ {body} }}\n",
            declare(&ret, name)
        ));
    }
    s.push_str("\n#endif /* TYPHON_API_WRAPPERS_H */\n");
    s
}
