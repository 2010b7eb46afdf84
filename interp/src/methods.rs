//! Methods of the built-in types (`str`, `list`, `dict`, `float`).
//!
//! Each type has one static table of (name, native function); a method
//! receives its receiver as `args.pos[0]`. LOAD_METHOD looks names up here,
//! and the VM keeps one pre-made method object per entry so a method call
//! allocates nothing.

use crate::object::types::Kind;
use crate::object::{
    Args, BytesObj, DictKey, DictObj, IterObj, IterState, ListObj, NativeFn, ObjRef, PyErr,
    PyResult, Value, types,
};
use crate::ops;
use crate::sets;
use crate::unicode;
use crate::vm::Vm;
use num_traits::Signed;

/// A method table.
pub type Table = &'static [(&'static str, NativeFn)];

static STR_METHODS: Table = &[
    ("join", str_join),
    ("split", str_split),
    ("strip", str_strip),
    ("lstrip", str_lstrip),
    ("rstrip", str_rstrip),
    ("replace", str_replace),
    ("startswith", str_startswith),
    ("endswith", str_endswith),
    ("find", str_find),
    ("rfind", str_rfind),
    ("index", str_index),
    ("count", str_count),
    ("upper", str_upper),
    ("lower", str_lower),
    ("isdigit", str_isdigit),
    ("isalpha", str_isalpha),
    ("isspace", str_isspace),
    ("isalnum", str_isalnum),
    ("ljust", str_ljust),
    ("rjust", str_rjust),
    ("center", str_center),
    ("zfill", str_zfill),
    ("capitalize", str_capitalize),
    ("title", str_title),
    // Later additions go last: `find` scans the table in order.
    ("casefold", str_casefold),
    ("swapcase", str_swapcase),
    ("isdecimal", str_isdecimal),
    ("isnumeric", str_isnumeric),
    ("isupper", str_isupper),
    ("islower", str_islower),
    ("istitle", str_istitle),
    ("isprintable", str_isprintable),
    ("isidentifier", str_isidentifier),
    ("format", str_format),
    ("format_map", str_format_map),
    ("partition", str_partition),
    ("rpartition", str_rpartition),
    ("splitlines", str_splitlines),
    ("rsplit", str_rsplit),
    ("rindex", str_rindex),
    ("removeprefix", str_removeprefix),
    ("removesuffix", str_removesuffix),
    ("isascii", str_isascii),
    ("expandtabs", str_expandtabs),
    ("encode", str_encode),
    ("translate", crate::translate::str_translate),
    ("maketrans", crate::translate::str_maketrans_bound),
];

static LIST_METHODS: Table = &[
    ("append", list_append),
    ("pop", list_pop),
    ("insert", list_insert),
    ("index", list_index),
    ("extend", list_extend),
    ("remove", list_remove),
    ("count", list_count),
    ("sort", list_sort),
    ("reverse", list_reverse),
    ("copy", list_copy),
    ("clear", list_clear),
];

static DICT_METHODS: Table = &[
    ("get", dict_get),
    ("items", dict_items),
    ("keys", dict_keys),
    ("values", dict_values),
    ("update", dict_update),
    ("setdefault", dict_setdefault),
    ("pop", dict_pop),
    ("copy", dict_copy),
    ("clear", dict_clear),
    ("popitem", dict_popitem),
];

static TUPLE_METHODS: Table = &[("index", list_index), ("count", list_count)];

static SET_METHODS: Table = &[
    ("add", sets::m_add),
    ("clear", sets::m_clear),
    ("copy", sets::m_copy),
    ("discard", sets::m_discard),
    ("difference", sets::m_difference),
    ("difference_update", sets::m_difference_update),
    ("intersection", sets::m_intersection),
    ("intersection_update", sets::m_intersection_update),
    ("isdisjoint", sets::m_isdisjoint),
    ("issubset", sets::m_issubset),
    ("issuperset", sets::m_issuperset),
    ("pop", sets::m_pop),
    ("remove", sets::m_remove),
    ("symmetric_difference", sets::m_symmetric_difference),
    (
        "symmetric_difference_update",
        sets::m_symmetric_difference_update,
    ),
    ("union", sets::m_union),
    ("update", sets::m_update),
];

static FROZENSET_METHODS: Table = &[
    ("copy", sets::m_frozenset_copy),
    ("difference", sets::m_difference),
    ("intersection", sets::m_intersection),
    ("isdisjoint", sets::m_isdisjoint),
    ("issubset", sets::m_issubset),
    ("issuperset", sets::m_issuperset),
    ("symmetric_difference", sets::m_symmetric_difference),
    ("union", sets::m_union),
];

static FLOAT_METHODS: Table = &[
    ("is_integer", float_is_integer),
    ("as_integer_ratio", float_as_integer_ratio),
    ("hex", float_hex),
    ("conjugate", float_conjugate),
    ("fromhex", float_fromhex),
];
static COMPLEX_METHODS: Table = &[
    ("conjugate", crate::complex::m_conjugate),
    ("__complex__", crate::complex::m_complex),
];
static INT_METHODS: Table = &[
    ("bit_length", int_bit_length),
    ("bit_count", int_bit_count),
    ("to_bytes", int_to_bytes),
    ("as_integer_ratio", int_as_integer_ratio),
    ("conjugate", int_conjugate),
];
static GENERATOR_METHODS: Table = &[
    ("__next__", crate::generator::m_next),
    ("__iter__", iter_dunder_iter),
    ("send", crate::generator::m_send),
    ("throw", crate::generator::m_throw),
    ("close", crate::generator::m_close),
];

/// The built-in iterators' (`list_iterator`, `enumerate`, `zip`, …).
static ITER_METHODS: Table = &[
    ("__next__", iter_dunder_next),
    ("__iter__", iter_dunder_iter),
];

/// The argument check of a slot wrapper taking no arguments
/// (`it.__next__`, CPython's `method-wrapper`), with its messages.
pub(crate) fn wrapper_no_args(args: &Args<'_>, name: &str) -> PyResult<()> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "wrapper {name}() takes no keyword arguments"
        )));
    }
    let n = args.pos.len().saturating_sub(1);
    if n != 0 {
        return Err(PyErr::type_error(format!("expected 0 arguments, got {n}")));
    }
    Ok(())
}

/// `iterator.__next__()`: the next item, or `StopIteration`.
fn iter_dunder_next(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    wrapper_no_args(&args, "__next__")?;
    match ops::iter_next(vm, &args.pos[0])? {
        Some(v) => Ok(v),
        None => Err(PyErr::with_args(&types::STOP_ITERATION, vec![])),
    }
}

/// `iterator.__iter__()`: the iterator itself.
fn iter_dunder_iter(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    wrapper_no_args(&args, "__iter__")?;
    Ok(args.pos[0].clone())
}

/// The method table of a built-in type kind.
pub fn table(kind: u32) -> Table {
    match kind {
        Kind::STR => STR_METHODS,
        Kind::LIST => LIST_METHODS,
        Kind::DICT => DICT_METHODS,
        Kind::TUPLE => TUPLE_METHODS,
        Kind::SET => SET_METHODS,
        Kind::FROZENSET => FROZENSET_METHODS,
        Kind::FLOAT => FLOAT_METHODS,
        Kind::COMPLEX => COMPLEX_METHODS,
        Kind::INT | Kind::BOOL => INT_METHODS,
        Kind::BYTES => crate::bytes::methods::BYTES_METHODS,
        Kind::BYTEARRAY => crate::bytes::methods::BYTEARRAY_METHODS,
        Kind::MEMORYVIEW => crate::bytes::memoryview::METHODS,
        Kind::GENERATOR => GENERATOR_METHODS,
        Kind::ITER => ITER_METHODS,
        Kind::RANDOM => crate::stdlib::random::METHODS,
        Kind::TEXTIO => crate::stdlib::streams::METHODS,
        Kind::FILE => crate::stdlib::files::METHODS,
        Kind::STRINGIO => crate::stdlib::io::STRING_IO_METHODS,
        Kind::BYTESIO => crate::stdlib::io::BYTES_IO_METHODS,
        Kind::DEQUE => crate::stdlib::collections::deque::METHODS,
        _ => &[],
    }
}

/// Every (kind, table) pair.
pub fn all_tables() -> Vec<(u32, Table)> {
    [
        Kind::STR,
        Kind::LIST,
        Kind::DICT,
        Kind::TUPLE,
        Kind::SET,
        Kind::FROZENSET,
        Kind::FLOAT,
        Kind::COMPLEX,
        Kind::INT,
        Kind::BOOL,
        Kind::BYTES,
        Kind::BYTEARRAY,
        Kind::MEMORYVIEW,
        Kind::GENERATOR,
        Kind::ITER,
        Kind::RANDOM,
        Kind::TEXTIO,
        Kind::FILE,
        Kind::STRINGIO,
        Kind::BYTESIO,
        Kind::DEQUE,
    ]
    .into_iter()
    .map(|k| (k, table(k)))
    .collect()
}

/// Finds method `name` of type kind `kind`: its index and function.
#[inline]
pub fn find(kind: u32, name: &str) -> Option<(usize, NativeFn)> {
    table(kind)
        .iter()
        .enumerate()
        .find(|(_, (n, _))| *n == name)
        .map(|(i, (_, f))| (i, *f))
}

/// `T.name` for a built-in type of kind `kind` whose table has method
/// `name`: a `method_descriptor` (`bool`'s methods are `int`'s).
pub fn descriptor(kind: u32, name: &str) -> Option<Value> {
    let owner = match kind {
        Kind::STR => &types::STR,
        Kind::LIST => &types::LIST,
        Kind::DICT => &types::DICT,
        Kind::TUPLE => &types::TUPLE,
        Kind::SET => &types::SET,
        Kind::FROZENSET => &types::FROZENSET,
        Kind::FLOAT => &types::FLOAT,
        Kind::COMPLEX => &types::COMPLEX,
        Kind::INT | Kind::BOOL => &types::INT,
        Kind::BYTES => &types::BYTES,
        Kind::BYTEARRAY => &types::BYTEARRAY,
        Kind::MEMORYVIEW => &types::MEMORYVIEW,
        Kind::GENERATOR => &types::GENERATOR,
        Kind::DEQUE => &crate::stdlib::collections::deque::DEQUE,
        _ => return None,
    };
    let (i, f, name) = match find(kind, name) {
        Some((i, f)) => (i, f, table(kind).get(i)?.0),
        // A special method (`dict.__getitem__`), after the table's.
        None => {
            let (j, (n, f)) = crate::subclass::special_at(kind, name)?;
            (table(kind).len() + j, f, n)
        }
    };
    // One object per method, as CPython's type dicts hold: `str.upper is
    // str.upper`, and `key=str.lower` allocates nothing per lookup.
    let key = (owner.get().kind(), i);
    let d = DESCRIPTORS.with(|m| {
        m.borrow_mut()
            .entry(key)
            .or_insert_with(|| immortal_descriptor(owner.get().to_ref(), name, f))
            .clone()
    });
    Some(Value::Obj(d))
}

/// A new method descriptor for [`descriptor`]'s cache. Like the type it
/// belongs to, it lives as long as the thread: immortal, so leak checks
/// do not count it. Never inlined, so that valgrind's reports name it
/// whatever debug information they read (scripts/memcheck.supp).
#[inline(never)]
fn immortal_descriptor(owner: ObjRef, name: &'static str, f: NativeFn) -> ObjRef {
    let d = crate::object::MethodDescr::new_obj(owner, name, f);
    abi::make_immortal(&d);
    d
}

thread_local! {
    /// The method descriptors made so far, by (owner kind, table index).
    static DESCRIPTORS: std::cell::RefCell<std::collections::HashMap<(u32, usize), ObjRef>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// Calls the method descriptor `d` (`str.upper(s)`): the first argument
/// must be an instance of its type, and becomes the receiver.
pub fn call_descr(vm: &mut Vm, d: &crate::object::MethodDescr, args: Args<'_>) -> PyResult<Value> {
    let Some(recv) = args.pos.first() else {
        return Err(PyErr::type_error(format!(
            "unbound method {}() needs an argument",
            d.qualname()
        )));
    };
    let applies = d.owner.as_type().is_some_and(|t| recv.isinstance(t));
    if !applies {
        return Err(PyErr::type_error(format!(
            "descriptor '{}' for '{}' objects doesn't apply to a '{}' object",
            d.name,
            d.owner_name(),
            recv.type_name()
        )));
    }
    // The methods of `int` and `float` take the plain number.
    if let Some(n) = crate::subclass::number_value(recv) {
        let mut pos = args.pos.to_vec();
        pos[0] = n;
        return (d.func)(
            vm,
            Args {
                pos: &pos,
                kw: args.kw,
            },
        );
    }
    (d.func)(vm, args)
}

/// The method descriptor `d` bound to `recv` (`str.upper.__get__('a')`,
/// or a class attribute `f = str.upper` read through an instance): a
/// built-in method, once `recv` is checked to be an instance of its type.
pub fn bind_descr(d: &crate::object::MethodDescr, recv: &Value) -> PyResult<Value> {
    if !d.owner.as_type().is_some_and(|t| recv.isinstance(t)) {
        return Err(PyErr::type_error(format!(
            "descriptor '{}' for '{}' objects doesn't apply to a '{}' object",
            d.name,
            d.owner_name(),
            recv.type_name()
        )));
    }
    // The methods of `int` and `float` take the plain number.
    let recv = crate::subclass::plain(recv).into_owned();
    Ok(Value::Obj(crate::object::Builtin::new_obj(
        d.name,
        d.func,
        Some(recv),
    )))
}

/// `descr.__get__(obj, type=None)` of a method descriptor (bound to the
/// descriptor): `obj` None gives the descriptor itself.
pub fn descr_dunder_get(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("__get__")?;
    let (Some(descr), Some(obj)) = (args.pos.first(), args.pos.get(1)) else {
        return Err(PyErr::type_error(format!(
            // CPython names no function here, keeping the space.
            " expected at least 1 argument, got {}",
            args.pos.len().saturating_sub(1)
        )));
    };
    if args.pos.len() > 3 {
        return Err(PyErr::type_error(format!(
            " expected at most 2 arguments, got {}",
            args.pos.len() - 1
        )));
    }
    let Some(d) = descr.downcast::<crate::object::MethodDescr>() else {
        return Err(PyErr::type_error("__get__ of a method_descriptor"));
    };
    if matches!(obj, Value::None) {
        return Ok(descr.clone());
    }
    bind_descr(d, obj)
}

// ----- argument helpers ----------------------------------------------------------

fn arity(args: &Args<'_>, name: &str, min: usize, max: usize) -> PyResult<()> {
    if !args.kw.is_empty() {
        // A method descriptor names its type: `dict.get() takes no ...`
        // (some callers pass the qualified name already).
        if name.contains('.') {
            return Err(PyErr::type_error(format!(
                "{name}() takes no keyword arguments"
            )));
        }
        let owner = args.pos.first().map_or("object", |v| v.type_name());
        return Err(PyErr::type_error(format!(
            "{owner}.{name}() takes no keyword arguments"
        )));
    }
    let n = args.pos.len() - 1;
    if n < min || n > max {
        let msg = if min == max {
            match min {
                0 => format!("{name}() takes no arguments ({n} given)"),
                1 => format!("{name}() takes exactly one argument ({n} given)"),
                _ => format!("{name}() takes exactly {min} arguments ({n} given)"),
            }
        } else if n < min {
            format!(
                "{name} expected at least {min} argument{}, got {n}",
                if min == 1 { "" } else { "s" }
            )
        } else {
            format!(
                "{name} expected at most {max} argument{}, got {n}",
                if max == 1 { "" } else { "s" }
            )
        };
        return Err(PyErr::type_error(msg));
    }
    Ok(())
}

fn recv_str<'a>(args: &Args<'a>) -> PyResult<&'a str> {
    args.pos
        .first()
        .and_then(|v| v.as_str())
        .ok_or_else(|| PyErr::type_error("descriptor requires a 'str' object"))
}

/// `v` as a str, else CPython's TypeError "`what` must be str, not T"
/// (`what` names the argument; empty for the bare "must be str").
fn arg_str<'a>(v: &'a Value, what: &str) -> PyResult<&'a str> {
    v.as_str().ok_or_else(|| {
        let sep = if what.is_empty() { "" } else { " " };
        PyErr::type_error(format!("{what}{sep}must be str, not {}", v.type_name()))
    })
}

/// `v` as a str or None (`split`'s separator), else CPython's TypeError.
fn arg_str_or_none(v: &Value) -> PyResult<&str> {
    v.as_str()
        .ok_or_else(|| PyErr::type_error(format!("must be str or None, not {}", v.type_name())))
}

fn recv_list<'a>(args: &Args<'a>) -> PyResult<&'a ListObj> {
    args.pos
        .first()
        .and_then(|v| v.downcast::<ListObj>())
        .ok_or_else(|| PyErr::type_error("descriptor requires a 'list' object"))
}

fn recv_dict<'a>(args: &Args<'a>) -> PyResult<&'a DictObj> {
    args.pos
        .first()
        .and_then(|v| v.downcast::<DictObj>())
        .ok_or_else(|| PyErr::type_error("descriptor requires a 'dict' object"))
}

fn int_arg(v: &Value) -> PyResult<i64> {
    match ops::to_index(v) {
        Some(r) => r,
        None => Err(PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        ))),
    }
}

/// An argument CPython converts to a C `Py_ssize_t` (`list.pop`'s index):
/// an int beyond it is an `OverflowError`, not the `IndexError` of
/// subscripts.
fn ssize_arg(v: &Value) -> PyResult<i64> {
    if v.as_bigint().is_some() {
        return Err(PyErr::new(
            &types::OVERFLOW_ERROR,
            "Python int too large to convert to C ssize_t",
        ));
    }
    int_arg(v)
}

/// A start or stop argument CPython reads as a slice index that may not be
/// `None` (`_PyEval_SliceIndexNotNone`, for `list.index`/`tuple.index`):
/// an int beyond `Py_ssize_t` is clamped to its range, not an error.
fn slice_index_arg(v: &Value) -> PyResult<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Bool(b) => Ok(*b as i64),
        _ => match v.as_bigint() {
            Some(b) if b.is_negative() => Ok(i64::MIN),
            Some(_) => Ok(i64::MAX),
            None => Err(PyErr::type_error(
                "slice indices must be integers or have an __index__ method",
            )),
        },
    }
}

/// A start or end argument CPython reads as a slice index
/// (`_PyEval_SliceIndex`, for the `str` search methods): `None` is absent,
/// an int beyond `Py_ssize_t` is clamped to its range.
fn slice_index_or_none(v: Option<&Value>) -> PyResult<Option<i64>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => slice_index_arg(v).map(Some).map_err(|_| {
            PyErr::type_error("slice indices must be integers or None or have an __index__ method")
        }),
    }
}

/// The byte range of `s` between the optional start and end arguments
/// (char indices), adjusted as CPython's `ADJUST_INDICES` does: negative
/// ones count from the end, the end stops at the length, the start does
/// not. `None` when the start lies past the end: then nothing is found,
/// not even an empty string (`'ab'.find('', 3)` is -1).
fn char_range(
    s: &str,
    start: Option<&Value>,
    end: Option<&Value>,
) -> PyResult<Option<(usize, usize)>> {
    let n = s.chars().count() as i64;
    let from_end = |i: i64| if i < 0 { (i + n).max(0) } else { i };
    let a = slice_index_or_none(start)?.map_or(0, from_end);
    let b = slice_index_or_none(end)?.map_or(n, |i| from_end(i).min(n));
    if a > b {
        return Ok(None);
    }
    let to_byte = |ci: i64| -> usize {
        s.char_indices()
            .nth(ci as usize)
            .map(|(b, _)| b)
            .unwrap_or(s.len())
    };
    Ok(Some((to_byte(a), to_byte(b))))
}

fn byte_to_char(s: &str, b: usize) -> i64 {
    s[..b].chars().count() as i64
}

// ----- str --------------------------------------------------------------------------

fn str_join(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "str.join", 1, 1)?;
    let sep = recv_str(&args)?;
    // A list or tuple is read in place (no Python code runs while joining).
    let owned;
    let borrowed;
    let items: &[Value] = if let Some(l) = args.pos[1].downcast::<ListObj>() {
        borrowed = l.items.borrow();
        &borrowed
    } else if let Some(t) = args.pos[1].downcast::<crate::object::TupleObj>() {
        &t.items
    } else {
        owned = ops::collect(vm, &args.pos[1])?;
        &owned
    };
    let total: usize = items
        .iter()
        .map(|v| v.as_str().map_or(0, str::len))
        .sum::<usize>()
        + sep.len() * items.len().saturating_sub(1);
    let mut out = String::with_capacity(total);
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        match it.as_str() {
            Some(s) => out.push_str(s),
            None => {
                return Err(PyErr::type_error(format!(
                    "sequence item {i}: expected str instance, {} found",
                    it.type_name()
                )));
            }
        }
    }
    Ok(Value::string(out))
}

/// `split`/`rsplit`'s arguments (of `str` or `bytes`): the separator
/// (`None` for runs of whitespace) and the most splits to make.
fn split_args<'a>(args: &Args<'a>, name: &str) -> PyResult<(Option<&'a Value>, usize)> {
    args.check_kw(name, &["sep", "maxsplit"])?;
    let sep = args
        .pos
        .get(1)
        .or(args.kw("sep"))
        .filter(|v| !matches!(v, Value::None));
    let maxsplit = match args.pos.get(2).or(args.kw("maxsplit")) {
        Some(v) => int_arg(v)?,
        None => -1,
    };
    let limit = if maxsplit < 0 {
        usize::MAX
    } else {
        maxsplit as usize
    };
    Ok((sep, limit))
}

fn str_split(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let s = recv_str(&args)?;
    let (sep, limit) = split_args(&args, "split")?;
    let parts: Vec<Value> = match sep {
        None if s.is_ascii() => split_ascii_whitespace(s, limit),
        None => {
            let mut out = Vec::new();
            let mut rest = s.trim_start_matches(unicode::is_space);
            while !rest.is_empty() {
                if out.len() == limit {
                    out.push(Value::str(rest));
                    break;
                }
                match rest.find(unicode::is_space) {
                    Some(i) => {
                        out.push(Value::str(&rest[..i]));
                        rest = rest[i..].trim_start_matches(unicode::is_space);
                    }
                    None => {
                        out.push(Value::str(rest));
                        break;
                    }
                }
            }
            out
        }
        Some(sep) => {
            let sep = arg_str_or_none(sep)?;
            if sep.is_empty() {
                return Err(PyErr::value_error("empty separator"));
            }
            if limit == usize::MAX {
                s.split(sep).map(Value::str).collect()
            } else {
                s.splitn(limit.saturating_add(1), sep)
                    .map(Value::str)
                    .collect()
            }
        }
    };
    Ok(Value::list(parts))
}

/// `str.split()` without a separator of an ASCII text, at most `limit`
/// splits: runs of whitespace (the ASCII characters of
/// [`unicode::is_space`]) separate the words, found byte by byte (the
/// general path decodes and classifies each character: callgrind, a
/// 9-word line, 3330 -> 2610 instructions per split, most of the rest
/// being the nine `str` objects).
fn split_ascii_whitespace(s: &str, limit: usize) -> Vec<Value> {
    let space = |b: u8| unicode::is_space(char::from(b));
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(8);
    let mut i = 0;
    loop {
        while i < bytes.len() && space(bytes[i]) {
            i += 1;
        }
        if i == bytes.len() {
            break;
        }
        let start = i;
        if out.len() == limit {
            // The rest, trailing whitespace and all: ASCII, so any byte
            // index is a character boundary.
            out.push(Value::str(s.get(start..).unwrap_or_default()));
            break;
        }
        while i < bytes.len() && !space(bytes[i]) {
            i += 1;
        }
        out.push(Value::str(s.get(start..i).unwrap_or_default()));
    }
    out
}

fn strip_impl(args: &Args<'_>, name: &str, left: bool, right: bool) -> PyResult<Value> {
    arity(args, name, 0, 1)?;
    let s = recv_str(args)?;
    let out = match args.pos.get(1) {
        None | Some(Value::None) => {
            let mut t = s;
            if left {
                t = t.trim_start_matches(unicode::is_space);
            }
            if right {
                t = t.trim_end_matches(unicode::is_space);
            }
            t
        }
        Some(c) => {
            let chars: Vec<char> = c
                .as_str()
                .ok_or_else(|| PyErr::type_error(format!("{name} arg must be None or str")))?
                .chars()
                .collect();
            let mut t = s;
            if left {
                t = t.trim_start_matches(|ch| chars.contains(&ch));
            }
            if right {
                t = t.trim_end_matches(|ch| chars.contains(&ch));
            }
            t
        }
    };
    Ok(Value::str(out))
}

fn str_strip(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    strip_impl(&args, "strip", true, true)
}

fn str_lstrip(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    strip_impl(&args, "lstrip", true, false)
}

fn str_rstrip(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    strip_impl(&args, "rstrip", false, true)
}

fn str_replace(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "replace", 2, 3)?;
    let s = recv_str(&args)?;
    let old = arg_str(&args.pos[1], "replace() argument 1")?;
    let new = arg_str(&args.pos[2], "replace() argument 2")?;
    let count = match args.pos.get(3) {
        Some(v) => int_arg(v)?,
        None => -1,
    };
    Ok(Value::string(if count < 0 {
        s.replace(old, new)
    } else {
        s.replacen(old, new, count as usize)
    }))
}

fn affix_impl(args: &Args<'_>, name: &str, prefix: bool) -> PyResult<Value> {
    arity(args, name, 1, 3)?;
    let s = recv_str(args)?;
    // A start past the end matches nothing, not even '' (the tuple's
    // items are still checked).
    let hay = char_range(s, args.pos.get(2), args.pos.get(3))?.map(|(a, b)| &s[a..b]);
    let test = |p: &str| match hay {
        Some(h) if prefix => h.starts_with(p),
        Some(h) => h.ends_with(p),
        None => false,
    };
    let arg = &args.pos[1];
    if let Some(t) = arg.downcast::<crate::object::TupleObj>() {
        for x in t.items.iter() {
            let p = x.as_str().ok_or_else(|| {
                PyErr::type_error(format!(
                    "tuple for {name} must only contain str, not {}",
                    x.type_name()
                ))
            })?;
            if test(p) {
                return Ok(Value::Bool(true));
            }
        }
        return Ok(Value::Bool(false));
    }
    match arg.as_str() {
        Some(p) => Ok(Value::Bool(test(p))),
        None => Err(PyErr::type_error(format!(
            "{name} first arg must be str or a tuple of str, not {}",
            arg.type_name()
        ))),
    }
}

fn str_startswith(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    affix_impl(&args, "startswith", true)
}

fn str_endswith(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    affix_impl(&args, "endswith", false)
}

fn find_impl(args: &Args<'_>, name: &str, rev: bool) -> PyResult<i64> {
    arity(args, name, 1, 3)?;
    let s = recv_str(args)?;
    let sub = arg_str(&args.pos[1], "")?;
    let Some((a, b)) = char_range(s, args.pos.get(2), args.pos.get(3))? else {
        return Ok(-1);
    };
    let hay = &s[a..b];
    let found = if rev { hay.rfind(sub) } else { hay.find(sub) };
    Ok(match found {
        Some(i) => byte_to_char(s, a + i),
        None => -1,
    })
}

fn str_find(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    find_impl(&args, "find", false).map(Value::Int)
}

fn str_rfind(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    find_impl(&args, "rfind", true).map(Value::Int)
}

fn str_index(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    match find_impl(&args, "index", false)? {
        -1 => Err(PyErr::value_error("substring not found")),
        i => Ok(Value::Int(i)),
    }
}

fn str_rindex(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    match find_impl(&args, "rindex", true)? {
        -1 => Err(PyErr::value_error("substring not found")),
        i => Ok(Value::Int(i)),
    }
}

fn str_format(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let s = recv_str(&args)?;
    let kwargs = if args.kw.is_empty() {
        None
    } else {
        let d = DictObj::new();
        for (k, v) in args.kw {
            d.insert(DictKey::from_str_obj(k), v.clone());
        }
        Some(Value::Obj(DictObj::into_obj(d)))
    };
    let src = crate::strformat::Source {
        args: Some(&args.pos[1..]),
        kwargs: kwargs.as_ref(),
    };
    crate::strformat::format(vm, s, &src).map(Value::string)
}

fn str_format_map(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "str.format_map", 1, 1)?;
    let s = recv_str(&args)?;
    let src = crate::strformat::Source {
        args: None,
        kwargs: Some(&args.pos[1]),
    };
    crate::strformat::format(vm, s, &src).map(Value::string)
}

/// `partition`/`rpartition`: (head, sep, tail) around the first (last)
/// `sep`, or the whole string on the side it was searched from.
fn partition_impl(args: &Args<'_>, name: &str, rev: bool) -> PyResult<Value> {
    arity(args, name, 1, 1)?;
    let s = recv_str(args)?;
    let sep = arg_str(&args.pos[1], "")?;
    if sep.is_empty() {
        return Err(PyErr::value_error("empty separator"));
    }
    let found = if rev { s.rfind(sep) } else { s.find(sep) };
    let parts = match found {
        Some(i) => [&s[..i], sep, &s[i + sep.len()..]],
        None if rev => ["", "", s],
        None => [s, "", ""],
    };
    Ok(Value::tuple(parts.iter().map(|p| Value::str(p)).collect()))
}

fn str_partition(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    partition_impl(&args, "str.partition", false)
}

fn str_rpartition(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    partition_impl(&args, "str.rpartition", true)
}

/// Whether `c` ends a line for `splitlines` (CPython's line boundaries).
fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r'
            | '\x0b'
            | '\x0c'
            | '\x1c'
            | '\x1d'
            | '\x1e'
            | '\u{85}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

fn str_splitlines(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("splitlines", &["keepends"])?;
    if args.pos.len() > 2 {
        return Err(PyErr::type_error(format!(
            "splitlines() takes at most 1 argument ({} given)",
            args.pos.len() - 1
        )));
    }
    let s = recv_str(&args)?;
    let keepends = match args.pos.get(1).or(args.kw("keepends")) {
        Some(v) => match v {
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            _ => {
                return Err(PyErr::type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    v.type_name()
                )));
            }
        },
        None => false,
    };
    let mut out = Vec::new();
    let mut start = 0;
    let mut it = s.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if !is_line_break(c) {
            continue;
        }
        let mut end = i + c.len_utf8();
        if c == '\r'
            && let Some(&(_, '\n')) = it.peek()
        {
            it.next();
            end += 1;
        }
        out.push(Value::str(&s[start..if keepends { end } else { i }]));
        start = end;
    }
    if start < s.len() {
        out.push(Value::str(&s[start..]));
    }
    Ok(Value::list(out))
}

fn str_rsplit(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let s = recv_str(&args)?;
    let (sep, limit) = split_args(&args, "rsplit")?;
    let mut parts: Vec<Value> = Vec::new();
    match sep {
        None => {
            let mut rest = s.trim_end_matches(unicode::is_space);
            while !rest.is_empty() {
                if parts.len() == limit {
                    parts.push(Value::str(rest));
                    break;
                }
                match rest.rfind(unicode::is_space) {
                    Some(i) => {
                        let c = rest[i..].chars().next().map_or(1, char::len_utf8);
                        parts.push(Value::str(&rest[i + c..]));
                        rest = rest[..i].trim_end_matches(unicode::is_space);
                    }
                    None => {
                        parts.push(Value::str(rest));
                        break;
                    }
                }
            }
        }
        Some(sep) => {
            let sep = arg_str_or_none(sep)?;
            if sep.is_empty() {
                return Err(PyErr::value_error("empty separator"));
            }
            if limit == usize::MAX {
                parts = s.rsplit(sep).map(Value::str).collect();
            } else {
                parts = s
                    .rsplitn(limit.saturating_add(1), sep)
                    .map(Value::str)
                    .collect();
            }
        }
    }
    parts.reverse();
    Ok(Value::list(parts))
}

fn remove_affix(args: &Args<'_>, name: &str, prefix: bool) -> PyResult<Value> {
    arity(args, &format!("str.{name}"), 1, 1)?;
    let s = recv_str(args)?;
    let a = args.pos[1].as_str().ok_or_else(|| {
        PyErr::type_error(format!(
            "{name}() argument must be str, not {}",
            args.pos[1].type_name()
        ))
    })?;
    let out = if prefix {
        s.strip_prefix(a)
    } else {
        s.strip_suffix(a)
    };
    Ok(match out {
        Some(t) => Value::str(t),
        None => args.pos[0].clone(),
    })
}

fn str_removeprefix(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    remove_affix(&args, "removeprefix", true)
}

fn str_removesuffix(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    remove_affix(&args, "removesuffix", false)
}

fn str_isascii(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "str.isascii", 0, 0)?;
    Ok(Value::Bool(recv_str(&args)?.is_ascii()))
}

fn str_expandtabs(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("expandtabs", &["tabsize"])?;
    let s = recv_str(&args)?;
    // CPython's tabsize is a C int.
    let tab = match args.pos.get(1).or(args.kw("tabsize")) {
        Some(v) => match v.to_bigint() {
            Some(b) => num_traits::ToPrimitive::to_i32(&b)
                .ok_or_else(|| PyErr::overflow("Python int too large to convert to C int"))?
                as i64,
            None => int_arg(v)?,
        },
        None => 8,
    };
    let mut out = String::with_capacity(s.len());
    let mut col: i64 = 0;
    for c in s.chars() {
        match c {
            '\t' => {
                if tab > 0 {
                    let n = tab - col % tab;
                    // More than memory allows is a MemoryError, not an
                    // allocation that aborts.
                    if (n as u64).saturating_add(out.len() as u64) > ops::memory_ceiling() as u64 {
                        return Err(PyErr::no_memory());
                    }
                    out.extend(std::iter::repeat_n(' ', n as usize));
                    col += n;
                }
            }
            '\n' | '\r' => {
                out.push(c);
                col = 0;
            }
            _ => {
                out.push(c);
                col += 1;
            }
        }
    }
    Ok(Value::string(out))
}

/// `encoding`/`errors` arguments of `str.encode` and `bytes.decode`. An
/// unknown error handler is CPython's LookupError only once an error
/// needs it: `Err(name)` in the second place, to try `strict` with.
pub(crate) fn codec_args(
    args: &Args<'_>,
    name: &str,
) -> PyResult<(crate::codec::Encoding, Result<crate::codec::Errors, String>)> {
    args.check_kw(name, &["encoding", "errors"])?;
    if args.pos.len() > 3 {
        return Err(PyErr::type_error(format!(
            "{name}() takes at most 2 arguments ({} given)",
            args.pos.len() - 1
        )));
    }
    let text = |i: usize, what: &str| -> PyResult<Option<&str>> {
        match args.pos.get(i).or(args.kw(what)) {
            None => Ok(None),
            Some(v) => v.as_str().map(Some).ok_or_else(|| {
                PyErr::type_error(format!(
                    "{name}() argument '{what}' must be str, not {}",
                    v.type_name()
                ))
            }),
        }
    };
    let enc = match text(1, "encoding")? {
        Some(e) => crate::codec::encoding(e)?,
        None => crate::codec::Encoding::Utf8,
    };
    let errs = match text(2, "errors")? {
        Some(e) => crate::codec::errors(e).map_err(|_| e.to_owned()),
        None => Ok(crate::codec::Errors::Strict),
    };
    Ok((enc, errs))
}

/// Runs a codec with `errs`; with an unknown handler, strict, and if that
/// fails, CPython's LookupError for the handler.
pub(crate) fn with_handler<T>(
    errs: Result<crate::codec::Errors, String>,
    f: impl FnOnce(crate::codec::Errors) -> PyResult<T>,
) -> PyResult<T> {
    match errs {
        Ok(e) => f(e),
        Err(name) => f(crate::codec::Errors::Strict).map_err(|_| {
            PyErr::new(
                &types::LOOKUP_ERROR,
                format!("unknown error handler name '{name}'"),
            )
        }),
    }
}

fn str_encode(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let s = recv_str(&args)?;
    let (enc, errs) = codec_args(&args, "encode")?;
    let b = with_handler(errs, |e| crate::codec::encode(s, enc, e))?;
    Ok(Value::Obj(BytesObj::new_obj(&b)))
}

fn str_count(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "count", 1, 3)?;
    let s = recv_str(&args)?;
    let sub = arg_str(&args.pos[1], "")?;
    let Some((a, b)) = char_range(s, args.pos.get(2), args.pos.get(3))? else {
        return Ok(Value::Int(0));
    };
    let hay = &s[a..b];
    let n = if sub.is_empty() {
        hay.chars().count() + 1
    } else {
        hay.matches(sub).count()
    };
    Ok(Value::Int(n as i64))
}

fn str_upper(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "str.upper", 0, 0)?;
    Ok(Value::string(unicode::upper(recv_str(&args)?)))
}

fn str_lower(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "str.lower", 0, 0)?;
    Ok(Value::string(unicode::lower(recv_str(&args)?)))
}

fn str_casefold(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "str.casefold", 0, 0)?;
    Ok(Value::string(unicode::casefold(recv_str(&args)?)))
}

fn str_swapcase(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "str.swapcase", 0, 0)?;
    Ok(Value::string(unicode::swapcase(recv_str(&args)?)))
}

/// A predicate true when `s` is not empty and `f` holds for every character.
fn str_pred(args: &Args<'_>, name: &str, f: fn(char) -> bool) -> PyResult<Value> {
    arity(args, name, 0, 0)?;
    let s = recv_str(args)?;
    Ok(Value::Bool(!s.is_empty() && s.chars().all(f)))
}

/// A predicate of the whole text (`str.isupper()`, `str.isidentifier()`, ...).
fn str_test(args: &Args<'_>, name: &str, f: fn(&str) -> bool) -> PyResult<Value> {
    arity(args, name, 0, 0)?;
    Ok(Value::Bool(f(recv_str(args)?)))
}

fn str_isdigit(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    str_pred(&args, "str.isdigit", unicode::is_digit)
}

fn str_isdecimal(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    str_pred(&args, "str.isdecimal", unicode::is_decimal)
}

fn str_isnumeric(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    str_pred(&args, "str.isnumeric", unicode::is_numeric)
}

fn str_isalpha(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    str_pred(&args, "str.isalpha", unicode::is_alpha)
}

fn str_isspace(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    str_pred(&args, "str.isspace", unicode::is_space)
}

fn str_isalnum(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    str_pred(&args, "str.isalnum", unicode::is_alnum)
}

fn str_isupper(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    str_test(&args, "str.isupper", unicode::is_upper_str)
}

fn str_islower(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    str_test(&args, "str.islower", unicode::is_lower_str)
}

fn str_istitle(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    str_test(&args, "str.istitle", unicode::is_title_str)
}

fn str_isprintable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    // Unlike the other predicates, true for the empty string.
    str_test(&args, "str.isprintable", |s| {
        s.chars().all(unicode::is_printable)
    })
}

fn str_isidentifier(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    str_test(&args, "str.isidentifier", unicode::is_identifier)
}

fn pad_impl(args: &Args<'_>, name: &str, align: char) -> PyResult<Value> {
    arity(args, name, 1, 2)?;
    let s = recv_str(args)?;
    let width = int_arg(&args.pos[1])?;
    let fill = match args.pos.get(2) {
        Some(f) => {
            let f = f.as_str().ok_or_else(|| {
                PyErr::type_error(format!(
                    "The fill character must be a unicode character, not {}",
                    f.type_name()
                ))
            })?;
            let mut it = f.chars();
            match (it.next(), it.next()) {
                (Some(c), None) => c,
                _ => {
                    return Err(PyErr::type_error(
                        "The fill character must be exactly one character long",
                    ));
                }
            }
        }
        None => ' ',
    };
    let n = s.chars().count() as i64;
    if width <= n {
        return Ok(Value::str(s));
    }
    let pad = (width - n) as usize;
    let (l, r) = match align {
        '<' => (0, pad),
        '>' => (pad, 0),
        _ => {
            // CPython centres with the extra space on the right, except
            // when both the padding and the width are odd.
            let left = pad / 2 + (pad & width as usize & 1);
            (left, pad - left)
        }
    };
    Ok(Value::string(padded("", s, fill, l, r)?))
}

/// `prefix`, `l` fill characters, `s`, then `r` fill characters, built in
/// a buffer reserved fallibly (the width is the program's choice).
fn padded(prefix: &str, s: &str, fill: char, l: usize, r: usize) -> PyResult<String> {
    let bytes = l
        .checked_add(r)
        .and_then(|n| n.checked_mul(fill.len_utf8()))
        .and_then(|n| n.checked_add(s.len() + prefix.len()))
        .ok_or_else(PyErr::no_memory)?;
    let mut out = crate::ops::text_buffer(bytes)?;
    out.push_str(prefix);
    out.extend(std::iter::repeat_n(fill, l));
    out.push_str(s);
    out.extend(std::iter::repeat_n(fill, r));
    Ok(out)
}

fn str_ljust(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pad_impl(&args, "ljust", '<')
}

fn str_rjust(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pad_impl(&args, "rjust", '>')
}

fn str_center(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pad_impl(&args, "center", '^')
}

fn str_zfill(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "zfill", 1, 1)?;
    let s = recv_str(&args)?;
    let width = int_arg(&args.pos[1])?;
    let n = s.chars().count() as i64;
    if width <= n {
        return Ok(Value::str(s));
    }
    let zeros = (width - n) as usize;
    Ok(Value::string(match s.chars().next() {
        Some('+') => padded("+", &s[1..], '0', zeros, 0)?,
        Some('-') => padded("-", &s[1..], '0', zeros, 0)?,
        _ => padded("", s, '0', zeros, 0)?,
    }))
}

fn str_capitalize(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "str.capitalize", 0, 0)?;
    Ok(Value::string(unicode::capitalize(recv_str(&args)?)))
}

fn str_title(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "str.title", 0, 0)?;
    Ok(Value::string(unicode::title(recv_str(&args)?)))
}

// ----- list -------------------------------------------------------------------------

pub(crate) fn list_append(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "list.append", 1, 1)?;
    push_item(recv_list(&args)?, args.pos[1].clone())?;
    Ok(Value::None)
}

/// Appends `v` to the list `l`, growing it as CPython does.
fn push_item(l: &ListObj, v: Value) -> PyResult<()> {
    let mut items = l.items.borrow_mut();
    room_for_one(&mut items)?;
    items.push(v);
    Ok(())
}

/// `list.append(v)` on `l`, which must be a list (exactly or a subclass):
/// what compiled code calls for `xs.append(v)` once it has checked `xs`.
pub fn append_to_list(l: &ObjRef, v: Value) -> PyResult<()> {
    let Some(l) = l.downcast::<ListObj>() else {
        return Err(PyErr::new(&types::SYSTEM_ERROR, "append to a non-list"));
    };
    push_item(l, v)
}

/// Makes room for one more item in a list's vector: a full vector grows
/// fallibly (doubling a list of a hundred million items asks for gigabytes
/// at once), `MemoryError` when it cannot, as CPython's `list_resize`.
#[inline]
pub(crate) fn room_for_one(items: &mut Vec<Value>) -> PyResult<()> {
    if items.len() == items.capacity() {
        grow_list(items)?;
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn grow_list(items: &mut Vec<Value>) -> PyResult<()> {
    // Doubling first; when that is too much, CPython's 1/8 over-allocation.
    let n = items.len();
    if items.try_reserve(n.max(4)).is_ok() {
        return Ok(());
    }
    items
        .try_reserve_exact((n >> 3).max(1))
        .map_err(|_| PyErr::no_memory())
}

fn list_pop(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "pop", 0, 1)?;
    let l = recv_list(&args)?;
    // The index is converted first: `[].pop(2**63)` is an OverflowError.
    let i = match args.pos.get(1) {
        Some(x) => ssize_arg(x)?,
        None => -1,
    };
    let mut v = l.items.borrow_mut();
    if v.is_empty() {
        return Err(PyErr::index_error("pop from empty list"));
    }
    let n = v.len() as i64;
    let k = if i < 0 { i + n } else { i };
    if k < 0 || k >= n {
        return Err(PyErr::index_error("pop index out of range"));
    }
    Ok(v.remove(k as usize))
}

fn list_insert(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "insert", 2, 2)?;
    let l = recv_list(&args)?;
    // CPython reads the index as a C ssize_t: too big is an OverflowError
    // (not the IndexError of subscripts).
    let i = ssize_arg(&args.pos[1])?;
    let mut v = l.items.borrow_mut();
    let n = v.len() as i64;
    let k = if i < 0 { (i + n).max(0) } else { i.min(n) };
    v.insert(k as usize, args.pos[2].clone());
    Ok(Value::None)
}

fn list_index(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "index", 1, 3)?;
    let recv = &args.pos[0];
    let items = ops::seq_items(recv);
    let n = items.len() as i64;
    let norm = |v: Option<&Value>, def: i64| -> PyResult<i64> {
        match v {
            None => Ok(def),
            Some(v) => {
                let i = slice_index_arg(v)?;
                Ok(if i < 0 { (i + n).max(0) } else { i.min(n) })
            }
        }
    };
    let a = norm(args.pos.get(2), 0)?;
    let b = norm(args.pos.get(3), n)?;
    for i in a..b {
        if ops::same_or_eq(vm, &items[i as usize], &args.pos[1])? {
            return Ok(Value::Int(i));
        }
    }
    if recv.kind() == Kind::TUPLE {
        return Err(PyErr::value_error("tuple.index(x): x not in tuple"));
    }
    let r = ops::repr(vm, &args.pos[1])?;
    Err(PyErr::value_error(format!("{r} is not in list")))
}

fn list_extend(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "list.extend", 1, 1)?;
    let l = recv_list(&args)?;
    let items = ops::collect(vm, &args.pos[1])?;
    l.items.borrow_mut().extend(items);
    Ok(Value::None)
}

fn list_remove(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "list.remove", 1, 1)?;
    let l = recv_list(&args)?;
    let items = l.items.borrow().clone();
    for (i, x) in items.iter().enumerate() {
        if ops::same_or_eq(vm, x, &args.pos[1])? {
            let old = {
                let mut v = l.items.borrow_mut();
                if i < v.len() { Some(v.remove(i)) } else { None }
            };
            drop(old);
            return Ok(Value::None);
        }
    }
    Err(PyErr::value_error("list.remove(x): x not in list"))
}

fn list_count(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "count", 1, 1)?;
    let items = ops::seq_items(&args.pos[0]);
    let mut n = 0;
    for x in &items {
        if ops::same_or_eq(vm, x, &args.pos[1])? {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

/// Sorts `items` in place, stably, with an optional list of `keys` (one
/// per item). A comparison may raise: then `items` holds every element it
/// held, in the order the sort had reached, as CPython leaves its list.
/// With `reverse`, the list is reversed before and after sorting (also
/// after a failure), which keeps equal elements in their order, as CPython
/// does.
pub fn sort_values(
    vm: &mut Vm,
    items: &mut Vec<Value>,
    keys: Option<Vec<Value>>,
    reverse: bool,
) -> PyResult<()> {
    if reverse {
        items.reverse();
    }
    let keys = match keys {
        Some(mut k) => {
            if reverse {
                k.reverse();
            }
            k
        }
        None => items.clone(),
    };
    let mut idx: Vec<usize> = (0..items.len()).collect();
    let r = sort_perm(vm, &keys, &mut idx);
    // Whatever happened, the permutation holds every index once: apply it.
    let mut slots: Vec<Option<Value>> = std::mem::take(items).into_iter().map(Some).collect();
    items.extend(
        idx.iter()
            .filter_map(|&i| slots.get_mut(i).and_then(Option::take)),
    );
    if reverse {
        items.reverse();
    }
    r
}

/// The length below which CPython's timsort is one binary insertion sort
/// over a single run (its `minrun` equals the length).
const MIN_MERGE: usize = 64;

/// Sorts the permutation `idx` of `keys`. Short lists are sorted as
/// CPython's timsort sorts them (the first run, reversed if descending,
/// then binary insertion), so the same comparisons happen in the same
/// order: the error a failing comparison raises names the same pair of
/// types, and the order left behind is CPython's. Longer lists use a
/// merge sort.
fn sort_perm(vm: &mut Vm, keys: &[Value], idx: &mut [usize]) -> PyResult<()> {
    let n = idx.len();
    if n < 2 {
        return Ok(());
    }
    if n < MIN_MERGE {
        let run = count_run(vm, keys, idx)?;
        return binary_sort(vm, keys, idx, run);
    }
    let mut buf = idx.to_vec();
    merge_sort(vm, keys, idx, &mut buf)
}

/// The length of the run at the start of `idx` (CPython's `count_run`): a
/// non-descending run, or a strictly descending one, which is reversed in
/// place.
fn count_run(vm: &mut Vm, keys: &[Value], idx: &mut [usize]) -> PyResult<usize> {
    let n = idx.len();
    let lt = |vm: &mut Vm, a: usize, b: usize| ops::less_than(vm, &keys[a], &keys[b]);
    let descending = lt(vm, idx[1], idx[0])?;
    let mut run = 2;
    while run < n && lt(vm, idx[run], idx[run - 1])? == descending {
        run += 1;
    }
    if descending {
        idx[..run].reverse();
    }
    Ok(run)
}

/// CPython's `binarysort`: inserts `idx[start..]` one by one into the
/// sorted prefix, finding each place by binary search (after equal
/// elements, which keeps the sort stable).
fn binary_sort(vm: &mut Vm, keys: &[Value], idx: &mut [usize], start: usize) -> PyResult<()> {
    for i in start..idx.len() {
        let pivot = idx[i];
        let (mut l, mut r) = (0, i);
        while l < r {
            let p = l + (r - l) / 2;
            if ops::less_than(vm, &keys[pivot], &keys[idx[p]])? {
                r = p;
            } else {
                l = p + 1;
            }
        }
        idx[l..=i].rotate_right(1);
    }
    Ok(())
}

/// A stable merge sort of `idx` by `keys`. If a comparison fails, `idx`
/// still holds every index once (the merge works on a copy in `buf`).
fn merge_sort(vm: &mut Vm, keys: &[Value], idx: &mut [usize], buf: &mut [usize]) -> PyResult<()> {
    let n = idx.len();
    if n <= 1 {
        return Ok(());
    }
    if n <= 16 {
        return binary_sort(vm, keys, idx, 1);
    }
    let mid = n / 2;
    {
        let (l, r) = idx.split_at_mut(mid);
        let (bl, br) = buf.split_at_mut(mid);
        merge_sort(vm, keys, l, bl)?;
        merge_sort(vm, keys, r, br)?;
    }
    buf[..n].copy_from_slice(idx);
    let (mut i, mut j, mut k) = (0, mid, 0);
    while i < mid && j < n {
        // On failure, finish the merge without comparing, so that `idx`
        // stays a permutation.
        let take_right = match ops::less_than(vm, &keys[buf[j]], &keys[buf[i]]) {
            Ok(b) => b,
            Err(e) => {
                idx[k..k + (mid - i)].copy_from_slice(&buf[i..mid]);
                let k2 = k + (mid - i);
                idx[k2..].copy_from_slice(&buf[j..n]);
                return Err(e);
            }
        };
        if take_right {
            idx[k] = buf[j];
            j += 1;
        } else {
            idx[k] = buf[i];
            i += 1;
        }
        k += 1;
    }
    idx[k..k + (mid - i)].copy_from_slice(&buf[i..mid]);
    let k2 = k + (mid - i);
    idx[k2..].copy_from_slice(&buf[j..n]);
    Ok(())
}

/// Sorts `items` in place with optional `key=` and `reverse=` keyword
/// arguments. If the key function raises, `items` is left as it was.
pub fn sort_with_kw(vm: &mut Vm, items: &mut Vec<Value>, args: &Args<'_>) -> PyResult<()> {
    let key = args
        .kw("key")
        .filter(|k| !matches!(k, Value::None))
        .cloned();
    let reverse = match args.kw("reverse") {
        Some(r) => ops::truthy(vm, r)?,
        None => false,
    };
    let keys = match &key {
        Some(f) => {
            let mut ks = Vec::with_capacity(items.len());
            for x in items.iter() {
                ks.push(vm.call(f, std::slice::from_ref(x))?);
            }
            Some(ks)
        }
        None => None,
    };
    sort_values(vm, items, keys, reverse)
}

pub(crate) fn list_sort(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("sort", &["key", "reverse"])?;
    if args.pos.len() > 1 {
        return Err(PyErr::type_error("sort() takes no positional arguments"));
    }
    let l = recv_list(&args)?;
    // As in CPython, the list is empty while it is sorted, so that code
    // run by comparisons sees (and changes) an empty list.
    let mut items = std::mem::take(&mut *l.items.borrow_mut());
    let sorted = sort_with_kw(vm, &mut items, &args);
    let mut v = l.items.borrow_mut();
    let modified = !v.is_empty();
    // The sort's elements go back whether it succeeded or not; what code
    // run during the sort put into the list is dropped, as in CPython.
    let old = std::mem::replace(&mut *v, items);
    drop(v);
    drop(old);
    sorted?;
    if modified {
        return Err(PyErr::value_error("list modified during sort"));
    }
    Ok(Value::None)
}

fn list_reverse(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "reverse", 0, 0)?;
    recv_list(&args)?.items.borrow_mut().reverse();
    Ok(Value::None)
}

fn list_copy(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "copy", 0, 0)?;
    Ok(Value::list(recv_list(&args)?.items.borrow().clone()))
}

fn list_clear(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "clear", 0, 0)?;
    let old = std::mem::take(&mut *recv_list(&args)?.items.borrow_mut());
    drop(old);
    Ok(Value::None)
}

// ----- dict -------------------------------------------------------------------------

fn dict_get(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "get", 1, 2)?;
    let d = recv_dict(&args)?;
    let k = DictKey::with_vm(vm, args.pos[1].clone())?;
    Ok(d.get_vm(vm, &k)?
        .unwrap_or_else(|| args.pos.get(2).cloned().unwrap_or(Value::None)))
}

fn view(args: &Args<'_>, name: &str, what: u8) -> PyResult<Value> {
    arity(args, name, 0, 0)?;
    recv_dict(args)?;
    let Some(Value::Obj(d)) = args.pos.first() else {
        return Err(PyErr::type_error("descriptor requires a 'dict' object"));
    };
    let t = match what {
        0 => &types::DICT_KEYS,
        1 => &types::DICT_VALUES,
        _ => &types::DICT_ITEMS,
    };
    Ok(Value::Obj(IterObj::new_obj(
        t,
        IterState::View {
            dict: d.clone(),
            what,
        },
    )))
}

fn dict_keys(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    view(&args, "keys", 0)
}

fn dict_values(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    view(&args, "values", 1)
}

fn dict_items(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    view(&args, "items", 2)
}

/// Inserts every pair of `src` (a dict or an iterable of pairs) into `d`.
pub fn dict_merge(vm: &mut Vm, d: &DictObj, src: &Value) -> PyResult<()> {
    // A dict's entries directly, unless its class iterates otherwise
    // (CPython's `PyDict_Merge` checks `tp_iter`).
    if let Some(s) = src.downcast::<DictObj>()
        && ops::iterates_plainly(src)
    {
        return d.update_vm(vm, s);
    }
    // A mapping: its `keys()`, each looked up (`PyDict_Merge`'s generic
    // path, for any object with a `keys` attribute).
    if src.downcast::<DictObj>().is_some() || crate::dunder::is_py(src) {
        match vm.getattr(src, "keys") {
            Ok(keys) => {
                let keys = vm.call(&keys, &[])?;
                let it = ops::get_iter(vm, &keys)?;
                while let Some(k) = ops::iter_next(vm, &it)? {
                    let v = ops::getitem(vm, src, &k)?;
                    let key = DictKey::with_vm(vm, k)?;
                    d.insert_vm(vm, key, v)?;
                }
                return Ok(());
            }
            Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => {}
            Err(e) => return Err(e),
        }
    }
    let items = ops::collect(vm, src)?;
    for (i, it) in items.iter().enumerate() {
        let pair = ops::collect(vm, it).map_err(|_| {
            PyErr::type_error(format!(
                "cannot convert dictionary update sequence element #{i} to a sequence"
            ))
        })?;
        if pair.len() != 2 {
            return Err(PyErr::value_error(format!(
                "dictionary update sequence element #{i} has length {}; 2 is required",
                pair.len()
            )));
        }
        let mut p = pair.into_iter();
        if let (Some(k), Some(v)) = (p.next(), p.next()) {
            let k = DictKey::with_vm(vm, k)?;
            d.insert_vm(vm, k, v)?;
        }
    }
    Ok(())
}

fn dict_update(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if args.pos.len() > 2 {
        return Err(PyErr::type_error(format!(
            "update expected at most 1 argument, got {}",
            args.pos.len() - 1
        )));
    }
    let d = recv_dict(&args)?;
    if let Some(src) = args.pos.get(1) {
        dict_merge(vm, d, src)?;
    }
    if !args.kw.is_empty() {
        // CPython merges the keywords from a dict of its own, sized for
        // them (`_PyStack_AsDict`), which decides the merged table's layout.
        let kw = DictObj::presized(args.kw.len(), false);
        for (k, v) in args.kw {
            kw.insert(DictKey::from_str_obj(k), v.clone());
        }
        d.update_from(&kw);
    }
    Ok(Value::None)
}

fn dict_setdefault(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "setdefault", 1, 2)?;
    let d = recv_dict(&args)?;
    let k = DictKey::with_vm(vm, args.pos[1].clone())?;
    if let Some(v) = d.get_vm(vm, &k)? {
        return Ok(v);
    }
    let v = args.pos.get(2).cloned().unwrap_or(Value::None);
    d.insert_vm(vm, k, v.clone())?;
    Ok(v)
}

fn dict_pop(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "pop", 1, 2)?;
    let d = recv_dict(&args)?;
    // An empty dict answers without hashing the key, as CPython's does
    // (so `{}.pop([1], 'd')` is 'd').
    if d.is_empty() {
        return args
            .pos
            .get(2)
            .cloned()
            .ok_or_else(|| PyErr::key_error(args.pos[1].clone()));
    }
    let k = DictKey::with_vm(vm, args.pos[1].clone())?;
    match d.remove_vm(vm, &k)? {
        Some(v) => Ok(v),
        None => args
            .pos
            .get(2)
            .cloned()
            .ok_or_else(|| PyErr::key_error(args.pos[1].clone())),
    }
}

fn dict_popitem(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "dict.popitem", 0, 0)?;
    let d = recv_dict(&args)?;
    match d.pop_last() {
        Some((k, v)) => Ok(Value::tuple(vec![k, v])),
        None => Err(PyErr::new(
            &types::KEY_ERROR,
            "popitem(): dictionary is empty",
        )),
    }
}

/// `dict.fromkeys(iterable, value=None)`.
pub fn dict_fromkeys(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("dict.fromkeys")?;
    let (it, value) = match args.pos {
        [it] => (it, Value::None),
        [it, v] => (it, v.clone()),
        _ => {
            return Err(PyErr::type_error(format!(
                "fromkeys expected {} arguments, got {}",
                if args.pos.is_empty() {
                    "at least 1"
                } else {
                    "at most 2"
                },
                args.pos.len()
            )));
        }
    };
    let d = DictObj::new_obj();
    if let Some(dd) = d.downcast::<DictObj>() {
        for k in ops::collect(vm, it)? {
            let key = DictKey::with_vm(vm, k)?;
            dd.insert_vm(vm, key, value.clone())?;
        }
    }
    Ok(Value::Obj(d))
}

fn dict_copy(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "copy", 0, 0)?;
    let d = recv_dict(&args)?;
    Ok(Value::Obj(DictObj::into_obj(d.copy())))
}

fn dict_clear(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "clear", 0, 0)?;
    recv_dict(&args)?.clear();
    Ok(Value::None)
}

// ----- float ------------------------------------------------------------------------

/// The receiver of an `int` method (a bool counts as its int).
fn recv_int(args: &Args<'_>) -> PyResult<num_bigint::BigInt> {
    args.pos
        .first()
        .and_then(Value::to_bigint)
        .ok_or_else(|| PyErr::type_error("descriptor requires a 'int' object"))
}

fn int_bit_length(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "int.bit_length", 0, 0)?;
    Ok(Value::Int(recv_int(&args)?.bits() as i64))
}

fn int_bit_count(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "int.bit_count", 0, 0)?;
    let n = recv_int(&args)?;
    let ones: u64 = n
        .magnitude()
        .iter_u64_digits()
        .map(|d| d.count_ones() as u64)
        .sum();
    Ok(Value::Int(ones as i64))
}

fn int_conjugate(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "int.conjugate", 0, 0)?;
    Ok(Value::from_bigint(recv_int(&args)?))
}

fn int_as_integer_ratio(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "int.as_integer_ratio", 0, 0)?;
    Ok(Value::tuple(vec![
        Value::from_bigint(recv_int(&args)?),
        Value::Int(1),
    ]))
}

/// `byteorder` of `to_bytes`/`from_bytes`: whether it is `'little'`.
fn little_endian(v: Option<&Value>) -> PyResult<bool> {
    match v {
        None => Ok(false),
        Some(v) => match v.as_str() {
            Some("little") => Ok(true),
            Some("big") => Ok(false),
            Some(_) => Err(PyErr::value_error(
                "byteorder must be either 'little' or 'big'",
            )),
            None => Err(PyErr::type_error(format!(
                "to_bytes() argument 'byteorder' must be str, not {}",
                v.type_name()
            ))),
        },
    }
}

fn int_to_bytes(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("to_bytes", &["length", "byteorder", "signed"])?;
    if args.pos.len() > 3 {
        return Err(PyErr::type_error(format!(
            "to_bytes() takes at most 2 positional arguments ({} given)",
            args.pos.len() - 1
        )));
    }
    let n = recv_int(&args)?;
    let length = match args.pos.get(1).or(args.kw("length")) {
        Some(v) => {
            let l = crate::dunder::as_index(vm, v)?;
            match l
                .to_bigint()
                .and_then(|l| num_traits::ToPrimitive::to_i64(&l))
            {
                Some(l) if l < 0 => {
                    return Err(PyErr::value_error("length argument must be non-negative"));
                }
                Some(l) => l as usize,
                None => {
                    return Err(PyErr::type_error(format!(
                        "'{}' object cannot be interpreted as an integer",
                        v.type_name()
                    )));
                }
            }
        }
        None => 1,
    };
    let little = little_endian(args.pos.get(2).or(args.kw("byteorder")))?;
    let signed = match args.kw("signed") {
        Some(v) => ops::truthy(vm, v)?,
        None => false,
    };
    if n.is_negative() && !signed {
        return Err(PyErr::overflow("can't convert negative int to unsigned"));
    }
    let mut bytes = if signed {
        n.to_signed_bytes_le()
    } else {
        n.magnitude().to_bytes_le()
    };
    if num_traits::Zero::is_zero(&n) {
        bytes.clear();
    }
    // Trim sign-extension bytes a signed encoding does not need.
    if signed {
        while bytes.len() > 1 {
            let last = bytes[bytes.len() - 1];
            let prev = bytes[bytes.len() - 2];
            if (last == 0 && prev & 0x80 == 0) || (last == 0xff && prev & 0x80 != 0) {
                bytes.pop();
            } else {
                break;
            }
        }
        if bytes == [0] {
            bytes.clear();
        }
    }
    if bytes.len() > length {
        return Err(PyErr::overflow("int too big to convert"));
    }
    let fill = if signed && n.is_negative() { 0xff } else { 0 };
    bytes.resize(length, fill);
    if !little {
        bytes.reverse();
    }
    Ok(Value::Obj(crate::object::BytesObj::new_obj(&bytes)))
}

/// `int.from_bytes(bytes, byteorder='big', *, signed=False)`.
pub fn int_from_bytes(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("from_bytes", &["bytes", "byteorder", "signed"])?;
    let Some(src) = args.pos.first().or(args.kw("bytes")) else {
        return Err(PyErr::type_error(
            "from_bytes() missing required argument 'bytes' (pos 1)",
        ));
    };
    let mut bytes: Vec<u8> = match src.downcast::<crate::object::BytesObj>() {
        Some(b) => b.as_bytes().to_vec(),
        None => {
            if src.as_str().is_some() {
                return Err(PyErr::type_error("cannot convert 'str' object to bytes"));
            }
            let mut out = Vec::new();
            for v in ops::collect(vm, src)? {
                match v
                    .to_bigint()
                    .and_then(|b| num_traits::ToPrimitive::to_u8(&b))
                {
                    Some(b) => out.push(b),
                    None if v.is_int() => {
                        return Err(PyErr::value_error("bytes must be in range(0, 256)"));
                    }
                    None => {
                        return Err(PyErr::type_error(format!(
                            "'{}' object cannot be interpreted as an integer",
                            v.type_name()
                        )));
                    }
                }
            }
            out
        }
    };
    let little = little_endian(args.pos.get(1).or(args.kw("byteorder")))?;
    let signed = match args.kw("signed") {
        Some(v) => ops::truthy(vm, v)?,
        None => false,
    };
    if !little {
        bytes.reverse();
    }
    let n = if signed {
        num_bigint::BigInt::from_signed_bytes_le(&bytes)
    } else {
        num_bigint::BigInt::from_bytes_le(num_bigint::Sign::Plus, &bytes)
    };
    Ok(Value::from_bigint(n))
}

fn recv_float(args: &Args<'_>) -> PyResult<f64> {
    match args.pos.first() {
        Some(Value::Float(f)) => Ok(*f),
        _ => Err(PyErr::type_error("descriptor requires a 'float' object")),
    }
}

fn float_conjugate(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "float.conjugate", 0, 0)?;
    Ok(Value::float(recv_float(&args)?))
}

/// `float.fromhex(string)`, a class method: bound to the type (or
/// reached from a float), its receiver is ignored.
pub fn float_fromhex(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("float.fromhex")?;
    let [_, s] = args.pos else {
        return Err(PyErr::type_error(format!(
            "float.fromhex() takes exactly one argument ({} given)",
            args.pos.len().saturating_sub(1)
        )));
    };
    let s = s
        .as_str()
        .ok_or_else(|| PyErr::type_error("bad argument type for built-in operation"))?;
    crate::format::float_fromhex(s)
        .map(Value::float)
        .map_err(ops::fmt_err)
}

fn float_as_integer_ratio(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "float.as_integer_ratio", 0, 0)?;
    let x = recv_float(&args)?;
    if x.is_infinite() {
        return Err(PyErr::overflow("cannot convert Infinity to integer ratio"));
    }
    if x.is_nan() {
        return Err(PyErr::value_error("cannot convert NaN to integer ratio"));
    }
    let (mut m, mut e) = abi::cmath::frexp(x);
    let mut i = 0;
    while i < 300 && m != m.floor() {
        m *= 2.0;
        e -= 1;
        i += 1;
    }
    let mut num: num_bigint::BigInt = num_traits::FromPrimitive::from_f64(m).unwrap_or_default();
    let mut den = num_bigint::BigInt::from(1);
    if e > 0 {
        num <<= e as u32;
    } else {
        den <<= (-e) as u32;
    }
    Ok(Value::tuple(vec![
        Value::from_bigint(num),
        Value::from_bigint(den),
    ]))
}

fn float_hex(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "float.hex", 0, 0)?;
    let x = recv_float(&args)?;
    if x.is_nan() || x.is_infinite() {
        return Ok(Value::string(crate::format::float_repr(x)));
    }
    if x == 0.0 {
        return Ok(Value::str(if x.is_sign_negative() {
            "-0x0.0p+0"
        } else {
            "0x0.0p+0"
        }));
    }
    let (m, e) = abi::cmath::frexp(x.abs());
    // Normal numbers get a leading 1; subnormals keep the least exponent.
    let shift = 1 - (-1021 - e).max(0);
    let mut m = abi::cmath::ldexp(m, shift);
    let e = e - shift;
    let mut out = String::from(if x < 0.0 { "-0x" } else { "0x" });
    let lead = m as u32;
    out.push(char::from_digit(lead, 16).unwrap_or('0'));
    m -= lead as f64;
    out.push('.');
    for _ in 0..13 {
        m *= 16.0;
        let d = m as u32;
        out.push(char::from_digit(d, 16).unwrap_or('0'));
        m -= d as f64;
    }
    out.push_str(&format!("p{}{}", if e < 0 { '-' } else { '+' }, e.abs()));
    Ok(Value::string(out))
}

fn float_is_integer(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    arity(&args, "float.is_integer", 0, 0)?;
    match args.pos.first() {
        Some(Value::Float(f)) => Ok(Value::Bool(f.is_finite() && f.fract() == 0.0)),
        _ => Err(PyErr::type_error("descriptor requires a 'float' object")),
    }
}
