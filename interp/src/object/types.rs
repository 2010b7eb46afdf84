//! The static type objects of every built-in type and exception, and the
//! [`Kind`] tags used for fast dispatch on an object's layout.

use super::{
    CellObj, CodeObj, DictObj, ExcObj, Function, IterObj, ListObj, ModuleObj, RangeIterObj,
    RangeObj, SetObj, SliceObj, StrObj, TupleObj,
};
use crate::object::func::Builtin;
use abi::StaticType;

/// Dispatch tags stored in each type object (`tp_typhon.kind`).
pub struct Kind;

#[allow(missing_docs)]
impl Kind {
    pub const FOREIGN: u32 = 0;
    pub const TYPE: u32 = 1;
    pub const OBJECT: u32 = 2;
    pub const INT: u32 = 3;
    pub const BOOL: u32 = 4;
    pub const FLOAT: u32 = 5;
    pub const NONE: u32 = 6;
    pub const STR: u32 = 7;
    pub const LIST: u32 = 8;
    pub const TUPLE: u32 = 9;
    pub const DICT: u32 = 10;
    pub const RANGE: u32 = 11;
    pub const SLICE: u32 = 12;
    pub const FUNCTION: u32 = 13;
    pub const BUILTIN: u32 = 14;
    pub const CELL: u32 = 15;
    pub const MODULE: u32 = 16;
    pub const CODE: u32 = 17;
    pub const EXC: u32 = 18;
    pub const ITER: u32 = 19;
    pub const DICT_VIEW: u32 = 20;
    pub const BYTES: u32 = 21;
    pub const NOT_IMPLEMENTED: u32 = 22;
    /// A function or method defined in a C extension (`capi`).
    pub const EXT_FUNCTION: u32 = 23;
    /// A method, member or get-set descriptor of a C extension type.
    pub const EXT_DESCRIPTOR: u32 = 24;
    /// The interpreter's internal marker objects (unbound local, NULL).
    pub const MARKER: u32 = 25;
    /// An instance of a Python class (its type is a heap type).
    pub const INSTANCE: u32 = 26;
    /// A bound method (`method`).
    pub const METHOD: u32 = 27;
    /// A `super` object.
    pub const SUPER: u32 = 28;
    /// A `property`.
    pub const PROPERTY: u32 = 29;
    /// A `staticmethod`.
    pub const STATICMETHOD: u32 = 30;
    /// A `classmethod`.
    pub const CLASSMETHOD: u32 = 31;
    /// A generator (`crate::generator`).
    pub const GENERATOR: u32 = 32;
    /// A slot of `__slots__` (`member_descriptor`).
    pub const MEMBER: u32 = 33;
    /// An instance of a Python class deriving from a C type: the C base's
    /// layout (made by its `tp_new`), its `__dict__` at the class's
    /// `tp_dictoffset` (`abi::new_c_subclass_type`). Python-level
    /// attributes and dunders are `classes`'; the C slots are the C API's.
    pub const EXT_SUBCLASS: u32 = 34;
    /// `set`
    pub const SET: u32 = 35;
    /// `frozenset`
    pub const FROZENSET: u32 = 36;
    /// A `random.Random` (`crate::stdlib::random`).
    pub const RANDOM: u32 = 40;
    /// `Ellipsis` (`...`), the one `ellipsis` object.
    pub const ELLIPSIS: u32 = 41;
    /// A standard stream (`crate::stdlib::streams`).
    pub const TEXTIO: u32 = 42;
    /// A file made by `open()` (`crate::stdlib::files`).
    pub const FILE: u32 = 43;
    /// A `typing` name (`crate::stdlib::typing`).
    pub const TYPING: u32 = 44;
    /// An object of a standard-library module written in Rust that is
    /// not an iterator (`functools.partial`, `operator.itemgetter`, …):
    /// `crate::stdlib` handles its calls, attributes and `repr`.
    pub const STDLIB: u32 = 45;
    /// An `io.StringIO` (`crate::stdlib::io`).
    pub const STRINGIO: u32 = 46;
    /// An `io.BytesIO` (`crate::stdlib::io`).
    pub const BYTESIO: u32 = 47;
    /// `complex` (payload `ComplexObj`).
    pub const COMPLEX: u32 = 48;
    /// `method_descriptor`: a built-in type's method reached through the
    /// type (`str.upper`; payload `MethodDescr`).
    pub const METHOD_DESCR: u32 = 49;
    /// `bytearray` (payload `ByteArrayObj`).
    pub const BYTEARRAY: u32 = 50;
    /// `memoryview` (payload `MemoryViewObj`).
    pub const MEMORYVIEW: u32 = 51;
    /// A `collections.deque` (payload
    /// `crate::stdlib::collections::deque::DequeObj`).
    pub const DEQUE: u32 = 52;
}

/// `tp_flags` for each kind, as CPython sets them (C API checks such as
/// `PyLong_Check` test these bits).
const fn flags_for(kind: u32) -> std::ffi::c_ulong {
    match kind {
        // Heap types (classes) are containers the collector tracks.
        Kind::TYPE => abi::TPFLAGS_TYPE_SUBCLASS | abi::TPFLAGS_HAVE_GC,
        Kind::INSTANCE
        | Kind::METHOD
        | Kind::SUPER
        | Kind::PROPERTY
        | Kind::STATICMETHOD
        | Kind::CLASSMETHOD
        | Kind::GENERATOR
        | Kind::STDLIB
        | Kind::DEQUE => abi::TPFLAGS_HAVE_GC,
        Kind::INT | Kind::BOOL => abi::TPFLAGS_LONG_SUBCLASS,
        Kind::LIST => abi::TPFLAGS_LIST_SUBCLASS | abi::TPFLAGS_HAVE_GC,
        Kind::TUPLE => abi::TPFLAGS_TUPLE_SUBCLASS | abi::TPFLAGS_HAVE_GC,
        Kind::FUNCTION | Kind::CELL => abi::TPFLAGS_HAVE_GC,
        Kind::STR => abi::TPFLAGS_UNICODE_SUBCLASS,
        Kind::BYTES => abi::TPFLAGS_BYTES_SUBCLASS,
        Kind::DICT => abi::TPFLAGS_DICT_SUBCLASS | abi::TPFLAGS_HAVE_GC,
        Kind::EXC => abi::TPFLAGS_BASE_EXC_SUBCLASS | abi::TPFLAGS_HAVE_GC,
        Kind::ITER | Kind::DICT_VIEW | Kind::MODULE => abi::TPFLAGS_HAVE_GC,
        // CPython has no subclass bit for sets (`PySet_Check` compares
        // types).
        Kind::SET | Kind::FROZENSET => abi::TPFLAGS_HAVE_GC,
        _ => 0,
    }
}

/// The C slots a kind fills beyond the flags: the iterators' `tp_iter`
/// and `tp_iternext`, and the descriptors' `tp_descr_get`, which C code
/// may call through the type.
const fn slots_for(t: StaticType, kind: u32) -> StaticType {
    match kind {
        Kind::ITER | Kind::GENERATOR => t.with_iterator_slots(),
        Kind::FUNCTION | Kind::CLASSMETHOD | Kind::STATICMETHOD | Kind::PROPERTY => {
            t.with_descr_get()
        }
        _ => t,
    }
}

/// A static type for a payload `T` of a native module (`crate::stdlib`),
/// with the flags and C slots of its kind, as the built-in types get.
pub const fn native_type<T: 'static>(
    name: &'static std::ffi::CStr,
    base: &'static StaticType,
    kind: u32,
) -> StaticType {
    slots_for(
        StaticType::new::<T>(&TYPE, name, Some(base), kind, true).with_flags(flags_for(kind)),
        kind,
    )
}

macro_rules! static_types {
    ($( $(#[$m:meta])* $id:ident : $payload:ty, $name:literal, $base:expr, $kind:expr, $has:expr; )*) => {
        $( $(#[$m])* pub static $id: StaticType = slots_for(
            StaticType::new::<$payload>(&TYPE, $name, $base, $kind, $has).with_flags(flags_for($kind)),
            $kind,
        ); )*
    };
}

/// The name of a type object held as a value (`int` for `int`).
pub fn type_name_of_type_obj(o: &abi::ObjRef) -> String {
    o.as_type().map(|t| t.name().to_owned()).unwrap_or_default()
}

/// `type`: the metatype of every type; it frees heap types (classes).
pub static TYPE: StaticType =
    StaticType::new::<()>(&TYPE, c"type", Some(&OBJECT), Kind::TYPE, false)
        .with_flags(flags_for(Kind::TYPE))
        .with_dealloc(abi::dealloc_type);

static_types! {
    /// `object`
    OBJECT: (), c"object", None, Kind::OBJECT, true;
    /// `int` (heap instances are the big ints outside `i64`).
    INT: crate::object::value::IntObj, c"int", Some(&OBJECT), Kind::INT, true;
    /// `bool` (never heap-allocated).
    BOOL: (), c"bool", Some(&INT), Kind::BOOL, false;
    /// `float` (heap-allocated only as a box handed to C code).
    FLOAT: f64, c"float", Some(&OBJECT), Kind::FLOAT, true;
    /// `NoneType`
    NONE_TYPE: (), c"NoneType", Some(&OBJECT), Kind::NONE, false;
    /// `NotImplementedType`
    NOT_IMPLEMENTED_TYPE: (), c"NotImplementedType", Some(&OBJECT), Kind::NOT_IMPLEMENTED, false;
    /// `ellipsis`
    ELLIPSIS_TYPE: (), c"ellipsis", Some(&OBJECT), Kind::ELLIPSIS, false;
    /// `bytes`
    BYTES: crate::object::BytesObj, c"bytes", Some(&OBJECT), Kind::BYTES, true;
    /// `bytearray`
    BYTEARRAY: crate::object::ByteArrayObj, c"bytearray", Some(&OBJECT), Kind::BYTEARRAY, true;
    /// `memoryview`
    MEMORYVIEW: crate::object::MemoryViewObj, c"memoryview", Some(&OBJECT), Kind::MEMORYVIEW, true;
    /// `str`
    STR: StrObj, c"str", Some(&OBJECT), Kind::STR, true;
    /// `list`
    LIST: ListObj, c"list", Some(&OBJECT), Kind::LIST, true;
    /// `tuple`
    TUPLE: TupleObj, c"tuple", Some(&OBJECT), Kind::TUPLE, true;
    /// `dict`
    DICT: DictObj, c"dict", Some(&OBJECT), Kind::DICT, true;
    /// `set`
    SET: SetObj, c"set", Some(&OBJECT), Kind::SET, true;
    /// `frozenset`
    FROZENSET: SetObj, c"frozenset", Some(&OBJECT), Kind::FROZENSET, true;
    /// `range`
    RANGE: RangeObj, c"range", Some(&OBJECT), Kind::RANGE, true;
    /// `slice`
    SLICE: SliceObj, c"slice", Some(&OBJECT), Kind::SLICE, true;
    /// `function`
    FUNCTION: Function, c"function", Some(&OBJECT), Kind::FUNCTION, true;
    /// `builtin_function_or_method`
    BUILTIN: Builtin, c"builtin_function_or_method", Some(&OBJECT), Kind::BUILTIN, true;
    /// `cell`
    CELL: CellObj, c"cell", Some(&OBJECT), Kind::CELL, true;
    /// `module`
    MODULE: ModuleObj, c"module", Some(&OBJECT), Kind::MODULE, true;
    /// `code`
    CODE: CodeObj, c"code", Some(&OBJECT), Kind::CODE, true;
    /// `dict_keys`
    DICT_KEYS: IterObj, c"dict_keys", Some(&OBJECT), Kind::DICT_VIEW, true;
    /// `dict_values`
    DICT_VALUES: IterObj, c"dict_values", Some(&OBJECT), Kind::DICT_VIEW, true;
    /// `dict_items`
    DICT_ITEMS: IterObj, c"dict_items", Some(&OBJECT), Kind::DICT_VIEW, true;
    /// `list_iterator`
    LIST_ITER: IterObj, c"list_iterator", Some(&OBJECT), Kind::ITER, true;
    /// `list_reverseiterator`
    LIST_REVITER: IterObj, c"list_reverseiterator", Some(&OBJECT), Kind::ITER, true;
    /// `tuple_iterator`
    TUPLE_ITER: IterObj, c"tuple_iterator", Some(&OBJECT), Kind::ITER, true;
    /// `range_iterator`
    RANGE_ITER: RangeIterObj, c"range_iterator", Some(&OBJECT), Kind::ITER, true;
    /// `longrange_iterator` (a range beyond `i64`)
    LONGRANGE_ITER: IterObj, c"longrange_iterator", Some(&OBJECT), Kind::ITER, true;
    /// `str_ascii_iterator` (CPython 3.11's name for str iterators)
    STR_ITER: IterObj, c"str_ascii_iterator", Some(&OBJECT), Kind::ITER, true;
    /// `set_iterator`
    SET_ITER: IterObj, c"set_iterator", Some(&OBJECT), Kind::ITER, true;
    /// `dict_keyiterator`
    DICT_KEYITER: IterObj, c"dict_keyiterator", Some(&OBJECT), Kind::ITER, true;
    /// `dict_valueiterator`
    DICT_VALUEITER: IterObj, c"dict_valueiterator", Some(&OBJECT), Kind::ITER, true;
    /// `dict_itemiterator`
    DICT_ITEMITER: IterObj, c"dict_itemiterator", Some(&OBJECT), Kind::ITER, true;
    /// `enumerate`
    ENUMERATE: IterObj, c"enumerate", Some(&OBJECT), Kind::ITER, true;
    /// `zip`
    ZIP: IterObj, c"zip", Some(&OBJECT), Kind::ITER, true;
    /// `map`
    MAP: IterObj, c"map", Some(&OBJECT), Kind::ITER, true;
    /// `filter`
    FILTER: IterObj, c"filter", Some(&OBJECT), Kind::ITER, true;
    /// `bytes_iterator`
    BYTES_ITER: IterObj, c"bytes_iterator", Some(&OBJECT), Kind::ITER, true;
    /// `bytearray_iterator`
    BYTEARRAY_ITER: IterObj, c"bytearray_iterator", Some(&OBJECT), Kind::ITER, true;
    /// `memory_iterator`
    MEMORY_ITER: IterObj, c"memory_iterator", Some(&OBJECT), Kind::ITER, true;
    /// `iterator`: the sequence protocol's (`__getitem__` from 0 up)
    SEQ_ITER: IterObj, c"iterator", Some(&OBJECT), Kind::ITER, true;
    /// `iter(callable, sentinel)`'s iterator.
    CALLABLE_ITER: IterObj, c"callable_iterator", Some(&OBJECT), Kind::ITER, true;
    /// `reversed`
    REVERSED: IterObj, c"reversed", Some(&OBJECT), Kind::ITER, true;
    /// `complex` (also the C API's `PyComplex_Type`).
    COMPLEX: crate::object::ComplexObj, c"complex", Some(&OBJECT), Kind::COMPLEX, true;

    /// `generator`
    GENERATOR: crate::object::genobj::GenObj, c"generator", Some(&OBJECT), Kind::GENERATOR, true;

    /// `method`: a Python function bound to an instance.
    METHOD: crate::object::class::BoundMethod, c"method", Some(&OBJECT), Kind::METHOD, true;
    /// `super`
    SUPER: crate::object::class::SuperObj, c"super", Some(&OBJECT), Kind::SUPER, true;
    /// `property`
    PROPERTY: crate::object::class::PropertyObj, c"property", Some(&OBJECT), Kind::PROPERTY, true;
    /// `staticmethod`
    STATICMETHOD: crate::object::class::MethodWrapper, c"staticmethod", Some(&OBJECT), Kind::STATICMETHOD, true;
    /// `classmethod`
    CLASSMETHOD: crate::object::class::MethodWrapper, c"classmethod", Some(&OBJECT), Kind::CLASSMETHOD, true;
    /// `method_descriptor`: `str.upper` and its kin (holds only its type).
    METHOD_DESCRIPTOR: crate::object::func::MethodDescr, c"method_descriptor", Some(&OBJECT), Kind::METHOD_DESCR, true;
    /// `member_descriptor`: a slot of `__slots__` (holds no references).
    MEMBER_DESCRIPTOR: crate::object::class::MemberDescr, c"member_descriptor", Some(&OBJECT), Kind::MEMBER, true;

    /// `BaseException`
    BASE_EXCEPTION: ExcObj, c"BaseException", Some(&OBJECT), Kind::EXC, true;
    /// `SystemExit`
    SYSTEM_EXIT: ExcObj, c"SystemExit", Some(&BASE_EXCEPTION), Kind::EXC, true;
    /// `KeyboardInterrupt`
    KEYBOARD_INTERRUPT: ExcObj, c"KeyboardInterrupt", Some(&BASE_EXCEPTION), Kind::EXC, true;
    /// `GeneratorExit`
    GENERATOR_EXIT: ExcObj, c"GeneratorExit", Some(&BASE_EXCEPTION), Kind::EXC, true;
    /// `Exception`
    EXCEPTION: ExcObj, c"Exception", Some(&BASE_EXCEPTION), Kind::EXC, true;
    /// `ArithmeticError`
    ARITHMETIC_ERROR: ExcObj, c"ArithmeticError", Some(&EXCEPTION), Kind::EXC, true;
    /// `ZeroDivisionError`
    ZERO_DIVISION_ERROR: ExcObj, c"ZeroDivisionError", Some(&ARITHMETIC_ERROR), Kind::EXC, true;
    /// `OverflowError`
    OVERFLOW_ERROR: ExcObj, c"OverflowError", Some(&ARITHMETIC_ERROR), Kind::EXC, true;
    /// `FloatingPointError` (never raised by Typhon, as by CPython)
    FLOATING_POINT_ERROR: ExcObj, c"FloatingPointError", Some(&ARITHMETIC_ERROR), Kind::EXC, true;
    /// `ValueError`
    VALUE_ERROR: ExcObj, c"ValueError", Some(&EXCEPTION), Kind::EXC, true;
    /// `TypeError`
    TYPE_ERROR: ExcObj, c"TypeError", Some(&EXCEPTION), Kind::EXC, true;
    /// `LookupError`
    LOOKUP_ERROR: ExcObj, c"LookupError", Some(&EXCEPTION), Kind::EXC, true;
    /// `IndexError`
    INDEX_ERROR: ExcObj, c"IndexError", Some(&LOOKUP_ERROR), Kind::EXC, true;
    /// `KeyError`
    KEY_ERROR: ExcObj, c"KeyError", Some(&LOOKUP_ERROR), Kind::EXC, true;
    /// `NameError`
    NAME_ERROR: ExcObj, c"NameError", Some(&EXCEPTION), Kind::EXC, true;
    /// `UnboundLocalError`
    UNBOUND_LOCAL_ERROR: ExcObj, c"UnboundLocalError", Some(&NAME_ERROR), Kind::EXC, true;
    /// `AttributeError`
    ATTRIBUTE_ERROR: ExcObj, c"AttributeError", Some(&EXCEPTION), Kind::EXC, true;
    /// `RuntimeError`
    RUNTIME_ERROR: ExcObj, c"RuntimeError", Some(&EXCEPTION), Kind::EXC, true;
    /// `RecursionError`
    RECURSION_ERROR: ExcObj, c"RecursionError", Some(&RUNTIME_ERROR), Kind::EXC, true;
    /// `NotImplementedError`
    NOT_IMPLEMENTED_ERROR: ExcObj, c"NotImplementedError", Some(&RUNTIME_ERROR), Kind::EXC, true;
    /// `StopIteration`
    STOP_ITERATION: ExcObj, c"StopIteration", Some(&EXCEPTION), Kind::EXC, true;
    /// `StopAsyncIteration` (for programs that name it; `async` is not
    /// supported)
    STOP_ASYNC_ITERATION: ExcObj, c"StopAsyncIteration", Some(&EXCEPTION), Kind::EXC, true;
    /// `ReferenceError` (for programs that name it: there are no weak
    /// references to outlive their object)
    REFERENCE_ERROR: ExcObj, c"ReferenceError", Some(&EXCEPTION), Kind::EXC, true;
    /// `AssertionError`
    ASSERTION_ERROR: ExcObj, c"AssertionError", Some(&EXCEPTION), Kind::EXC, true;
    /// `BufferError`
    BUFFER_ERROR: ExcObj, c"BufferError", Some(&EXCEPTION), Kind::EXC, true;
    /// `EOFError`
    EOF_ERROR: ExcObj, c"EOFError", Some(&EXCEPTION), Kind::EXC, true;
    /// `ImportError`
    IMPORT_ERROR: ExcObj, c"ImportError", Some(&EXCEPTION), Kind::EXC, true;
    /// `ModuleNotFoundError`
    MODULE_NOT_FOUND_ERROR: ExcObj, c"ModuleNotFoundError", Some(&IMPORT_ERROR), Kind::EXC, true;
    /// `SystemError`
    SYSTEM_ERROR: ExcObj, c"SystemError", Some(&EXCEPTION), Kind::EXC, true;
    /// `SyntaxError`
    SYNTAX_ERROR: ExcObj, c"SyntaxError", Some(&EXCEPTION), Kind::EXC, true;
    /// `IndentationError`
    INDENTATION_ERROR: ExcObj, c"IndentationError", Some(&SYNTAX_ERROR), Kind::EXC, true;
    /// `TabError`
    TAB_ERROR: ExcObj, c"TabError", Some(&INDENTATION_ERROR), Kind::EXC, true;
    /// `UnicodeError`
    UNICODE_ERROR: ExcObj, c"UnicodeError", Some(&VALUE_ERROR), Kind::EXC, true;
    /// `UnicodeDecodeError`
    UNICODE_DECODE_ERROR: ExcObj, c"UnicodeDecodeError", Some(&UNICODE_ERROR), Kind::EXC, true;
    /// `UnicodeEncodeError`
    UNICODE_ENCODE_ERROR: ExcObj, c"UnicodeEncodeError", Some(&UNICODE_ERROR), Kind::EXC, true;
    /// `UnicodeTranslateError`
    UNICODE_TRANSLATE_ERROR: ExcObj, c"UnicodeTranslateError", Some(&UNICODE_ERROR), Kind::EXC, true;
    /// `MemoryError`
    MEMORY_ERROR: ExcObj, c"MemoryError", Some(&EXCEPTION), Kind::EXC, true;
    /// `OSError`
    OS_ERROR: ExcObj, c"OSError", Some(&EXCEPTION), Kind::EXC, true;
    /// `ConnectionError`
    CONNECTION_ERROR: ExcObj, c"ConnectionError", Some(&OS_ERROR), Kind::EXC, true;
    /// `BrokenPipeError`
    BROKEN_PIPE_ERROR: ExcObj, c"BrokenPipeError", Some(&CONNECTION_ERROR), Kind::EXC, true;
    /// `ConnectionAbortedError`
    CONNECTION_ABORTED_ERROR: ExcObj, c"ConnectionAbortedError", Some(&CONNECTION_ERROR), Kind::EXC, true;
    /// `ConnectionRefusedError`
    CONNECTION_REFUSED_ERROR: ExcObj, c"ConnectionRefusedError", Some(&CONNECTION_ERROR), Kind::EXC, true;
    /// `ConnectionResetError`
    CONNECTION_RESET_ERROR: ExcObj, c"ConnectionResetError", Some(&CONNECTION_ERROR), Kind::EXC, true;
    /// `BlockingIOError`
    BLOCKING_IO_ERROR: ExcObj, c"BlockingIOError", Some(&OS_ERROR), Kind::EXC, true;
    /// `ChildProcessError`
    CHILD_PROCESS_ERROR: ExcObj, c"ChildProcessError", Some(&OS_ERROR), Kind::EXC, true;
    /// `InterruptedError`
    INTERRUPTED_ERROR: ExcObj, c"InterruptedError", Some(&OS_ERROR), Kind::EXC, true;
    /// `ProcessLookupError`
    PROCESS_LOOKUP_ERROR: ExcObj, c"ProcessLookupError", Some(&OS_ERROR), Kind::EXC, true;
    /// `TimeoutError`
    TIMEOUT_ERROR: ExcObj, c"TimeoutError", Some(&OS_ERROR), Kind::EXC, true;
    /// `FileNotFoundError`
    FILE_NOT_FOUND_ERROR: ExcObj, c"FileNotFoundError", Some(&OS_ERROR), Kind::EXC, true;
    /// `FileExistsError`
    FILE_EXISTS_ERROR: ExcObj, c"FileExistsError", Some(&OS_ERROR), Kind::EXC, true;
    /// `PermissionError`
    PERMISSION_ERROR: ExcObj, c"PermissionError", Some(&OS_ERROR), Kind::EXC, true;
    /// `IsADirectoryError`
    IS_A_DIRECTORY_ERROR: ExcObj, c"IsADirectoryError", Some(&OS_ERROR), Kind::EXC, true;
    /// `io.UnsupportedOperation` (not a builtin name)
    UNSUPPORTED_OPERATION: ExcObj, c"io.UnsupportedOperation", Some(&OS_ERROR), Kind::EXC, true;
    /// `NotADirectoryError`
    NOT_A_DIRECTORY_ERROR: ExcObj, c"NotADirectoryError", Some(&OS_ERROR), Kind::EXC, true;
    /// `Warning`: the base of the warning categories.
    WARNING: ExcObj, c"Warning", Some(&EXCEPTION), Kind::EXC, true;
    /// `UserWarning`
    USER_WARNING: ExcObj, c"UserWarning", Some(&WARNING), Kind::EXC, true;
    /// `DeprecationWarning`
    DEPRECATION_WARNING: ExcObj, c"DeprecationWarning", Some(&WARNING), Kind::EXC, true;
    /// `PendingDeprecationWarning`
    PENDING_DEPRECATION_WARNING: ExcObj, c"PendingDeprecationWarning", Some(&WARNING), Kind::EXC, true;
    /// `SyntaxWarning`
    SYNTAX_WARNING: ExcObj, c"SyntaxWarning", Some(&WARNING), Kind::EXC, true;
    /// `RuntimeWarning`
    RUNTIME_WARNING: ExcObj, c"RuntimeWarning", Some(&WARNING), Kind::EXC, true;
    /// `FutureWarning`
    FUTURE_WARNING: ExcObj, c"FutureWarning", Some(&WARNING), Kind::EXC, true;
    /// `ImportWarning`
    IMPORT_WARNING: ExcObj, c"ImportWarning", Some(&WARNING), Kind::EXC, true;
    /// `UnicodeWarning`
    UNICODE_WARNING: ExcObj, c"UnicodeWarning", Some(&WARNING), Kind::EXC, true;
    /// `BytesWarning`
    BYTES_WARNING: ExcObj, c"BytesWarning", Some(&WARNING), Kind::EXC, true;
    /// `ResourceWarning`
    RESOURCE_WARNING: ExcObj, c"ResourceWarning", Some(&WARNING), Kind::EXC, true;
    /// `EncodingWarning`
    ENCODING_WARNING: ExcObj, c"EncodingWarning", Some(&WARNING), Kind::EXC, true;
    /// Not a Python exception: what a call whose C code issued warnings
    /// returns in place of its result, so that the interpreter, which
    /// knows the frame and instruction, shows them and goes on (see
    /// `crate::warnings`). Never installed as a builtin; never escapes
    /// `eval::unwind`.
    WARNINGS_PENDING: ExcObj, c"<warnings pending>", Some(&BASE_EXCEPTION), Kind::EXC, true;
    /// Not a Python exception: what `globals()`, `locals()`, `eval()` and
    /// the other builtins that need the calling frame return in place of
    /// a result, so that the interpreter answers with the frame at hand
    /// (see `crate::introspect`). Never installed as a builtin; never
    /// escapes `eval::unwind` or `Vm::call_with`.
    FRAME_REQUEST: ExcObj, c"<frame request>", Some(&BASE_EXCEPTION), Kind::EXC, true;
}

/// Every exception type, in the order they are installed as builtins.
pub static EXCEPTION_TYPES: &[&StaticType] = &[
    &BASE_EXCEPTION,
    &SYSTEM_EXIT,
    &KEYBOARD_INTERRUPT,
    &GENERATOR_EXIT,
    &EXCEPTION,
    &ARITHMETIC_ERROR,
    &ZERO_DIVISION_ERROR,
    &OVERFLOW_ERROR,
    &FLOATING_POINT_ERROR,
    &VALUE_ERROR,
    &TYPE_ERROR,
    &LOOKUP_ERROR,
    &INDEX_ERROR,
    &KEY_ERROR,
    &NAME_ERROR,
    &UNBOUND_LOCAL_ERROR,
    &ATTRIBUTE_ERROR,
    &RUNTIME_ERROR,
    &RECURSION_ERROR,
    &NOT_IMPLEMENTED_ERROR,
    &STOP_ITERATION,
    &STOP_ASYNC_ITERATION,
    &REFERENCE_ERROR,
    &ASSERTION_ERROR,
    &BUFFER_ERROR,
    &EOF_ERROR,
    &IMPORT_ERROR,
    &MODULE_NOT_FOUND_ERROR,
    &SYSTEM_ERROR,
    &SYNTAX_ERROR,
    &INDENTATION_ERROR,
    &TAB_ERROR,
    &UNICODE_ERROR,
    &UNICODE_DECODE_ERROR,
    &UNICODE_ENCODE_ERROR,
    &UNICODE_TRANSLATE_ERROR,
    &MEMORY_ERROR,
    &OS_ERROR,
    &CONNECTION_ERROR,
    &BROKEN_PIPE_ERROR,
    &CONNECTION_ABORTED_ERROR,
    &CONNECTION_REFUSED_ERROR,
    &CONNECTION_RESET_ERROR,
    &BLOCKING_IO_ERROR,
    &CHILD_PROCESS_ERROR,
    &INTERRUPTED_ERROR,
    &PROCESS_LOOKUP_ERROR,
    &TIMEOUT_ERROR,
    &FILE_NOT_FOUND_ERROR,
    &FILE_EXISTS_ERROR,
    &PERMISSION_ERROR,
    &IS_A_DIRECTORY_ERROR,
    &NOT_A_DIRECTORY_ERROR,
    &WARNING,
    &USER_WARNING,
    &DEPRECATION_WARNING,
    &PENDING_DEPRECATION_WARNING,
    &SYNTAX_WARNING,
    &RUNTIME_WARNING,
    &FUTURE_WARNING,
    &IMPORT_WARNING,
    &UNICODE_WARNING,
    &BYTES_WARNING,
    &RESOURCE_WARNING,
    &ENCODING_WARNING,
];
