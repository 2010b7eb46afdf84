//! Built-in functions, the constructors of built-in types, and the `sys`
//! and `time` modules.
//!
//! To add a builtin: write a `fn(&mut Vm, Args) -> PyResult<Value>` here and
//! register it in [`install`]; its errors use CPython's messages.

use crate::format;
use crate::methods;
use crate::object::class::MethodWrapper;
use crate::object::types::{self, Kind};
use crate::object::{
    Args, Builtin, DictKey, DictObj, ExcObj, IterObj, IterState, ListObj, ModuleObj, ObjRef, PyErr,
    PyResult, RangeObj, SliceObj, StaticType, StrObj, TupleObj, Value,
};
use crate::ops;
use crate::vm::Vm;
use num_bigint::BigInt;
use num_traits::{Signed, Zero};

/// Registers every builtin name in the VM's builtins dict.
pub fn install(vm: &mut Vm) {
    let funcs: &[(&'static str, crate::object::NativeFn)] = &[
        ("print", b_print),
        ("len", b_len),
        ("repr", b_repr),
        ("abs", b_abs),
        ("min", b_min),
        ("max", b_max),
        ("sum", b_sum),
        ("round", b_round),
        ("divmod", b_divmod),
        ("pow", b_pow),
        ("isinstance", b_isinstance),
        ("getattr", b_getattr),
        ("setattr", b_setattr),
        ("hasattr", b_hasattr),
        ("delattr", b_delattr),
        ("issubclass", b_issubclass),
        ("sorted", b_sorted),
        ("ord", b_ord),
        ("chr", b_chr),
        ("ascii", b_ascii),
        ("id", b_id),
        ("vars", crate::introspect::b_vars),
        ("globals", crate::introspect::b_globals),
        ("locals", crate::introspect::b_locals),
        ("dir", crate::introspect::b_dir),
        ("eval", crate::introspect::b_eval),
        ("exec", crate::introspect::b_exec),
        ("compile", crate::introspect::b_compile),
        ("__import__", crate::imports::b_import),
        ("input", crate::stdlib::streams::input),
        ("open", crate::stdlib::files::open),
        ("hex", b_hex),
        ("bin", b_bin),
        ("oct", b_oct),
        ("iter", b_iter),
        ("next", b_next),
        ("any", b_any),
        ("all", b_all),
        ("callable", b_callable),
        ("hash", b_hash),
        ("format", b_format),
        ("__build_class__", crate::classes::build_class),
    ];
    for (name, f) in funcs {
        vm.add_builtin(name, Value::Obj(Builtin::new_obj(name, *f, None)));
    }
    let type_names: &[(&str, &'static StaticType)] = &[
        ("int", &types::INT),
        ("float", &types::FLOAT),
        ("complex", &types::COMPLEX),
        ("str", &types::STR),
        ("bool", &types::BOOL),
        ("list", &types::LIST),
        ("tuple", &types::TUPLE),
        ("dict", &types::DICT),
        ("set", &types::SET),
        ("frozenset", &types::FROZENSET),
        ("range", &types::RANGE),
        ("slice", &types::SLICE),
        ("type", &types::TYPE),
        ("object", &types::OBJECT),
        ("super", &types::SUPER),
        ("property", &types::PROPERTY),
        ("staticmethod", &types::STATICMETHOD),
        ("classmethod", &types::CLASSMETHOD),
        ("enumerate", &types::ENUMERATE),
        ("zip", &types::ZIP),
        ("map", &types::MAP),
        ("filter", &types::FILTER),
        ("reversed", &types::REVERSED),
        ("bytes", &types::BYTES),
        ("bytearray", &types::BYTEARRAY),
        ("memoryview", &types::MEMORYVIEW),
    ];
    for (name, t) in type_names {
        vm.add_builtin(name, Value::from_type(t));
    }
    for t in types::EXCEPTION_TYPES {
        vm.add_builtin(t.get().name(), Value::from_type(t));
    }
    // CPython's old names of OSError, kept as aliases.
    for alias in ["IOError", "EnvironmentError"] {
        vm.add_builtin(alias, Value::from_type(&types::OS_ERROR));
    }
    // The attributes of the `builtins` module, whose dict this is (code
    // run in globals without `__name__` finds this one, as in CPython).
    vm.add_builtin("__name__", Value::str("builtins"));
    vm.add_builtin("__package__", Value::str(""));
    for k in ["__doc__", "__loader__", "__spec__"] {
        vm.add_builtin(k, Value::None);
    }
    vm.add_builtin(
        "NotImplemented",
        Value::Obj(ObjRef::from_static_object(
            &crate::object::value::NOT_IMPLEMENTED,
        )),
    );
    vm.add_builtin(
        "Ellipsis",
        Value::Obj(ObjRef::from_static_object(&crate::object::value::ELLIPSIS)),
    );
}

// ----- helpers ----------------------------------------------------------------------

pub(crate) fn exact_args(args: &Args<'_>, name: &str, n: usize) -> PyResult<()> {
    args.no_kw(name)?;
    if args.pos.len() != n {
        let got = args.pos.len();
        return Err(PyErr::type_error(match n {
            1 => format!("{name}() takes exactly one argument ({got} given)"),
            _ => format!("{name} expected {n} arguments, got {got}"),
        }));
    }
    Ok(())
}

fn range_args(args: &Args<'_>, name: &str, min: usize, max: usize) -> PyResult<()> {
    let got = args.pos.len();
    if got < min {
        return Err(PyErr::type_error(format!(
            "{name} expected at least {min} argument{}, got {got}",
            if min == 1 { "" } else { "s" }
        )));
    }
    if got > max {
        return Err(PyErr::type_error(format!(
            "{name} expected at most {max} argument{}, got {got}",
            if max == 1 { "" } else { "s" }
        )));
    }
    Ok(())
}

fn as_index(v: &Value) -> PyResult<i64> {
    match ops::to_index(v) {
        Some(r) => r,
        None => Err(PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        ))),
    }
}

/// `round()`'s `ndigits` as CPython reads it (`PyNumber_AsSsize_t` with
/// no overflow error): an int beyond the machine range is clamped to it.
fn ndigits_clamped(v: &Value) -> PyResult<i64> {
    if let Some(b) = v.as_bigint() {
        return Ok(if num_traits::Signed::is_negative(b) {
            i64::MIN
        } else {
            i64::MAX
        });
    }
    as_index(v)
}

// ----- builtin functions ------------------------------------------------------------------

fn b_print(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    use crate::stdlib::streams;
    args.check_kw("print", &["sep", "end", "file", "flush"])?;
    let text_kw = |name: &str| -> PyResult<Option<String>> {
        match args.kw(name) {
            None | Some(Value::None) => Ok(None),
            Some(v) => match v.as_str() {
                Some(s) => Ok(Some(s.to_owned())),
                None => Err(PyErr::type_error(format!(
                    "{name} must be None or a string, not {}",
                    v.type_name()
                ))),
            },
        }
    };
    let sep = text_kw("sep")?.unwrap_or_else(|| " ".into());
    let end = text_kw("end")?.unwrap_or_else(|| "\n".into());
    let file = args.kw("file");
    let flush = match args.kw("flush") {
        Some(f) => ops::truthy(vm, f)?,
        None => false,
    };
    // A file object written in Python gets each piece in its own call,
    // as CPython makes them.
    if streams::is_python_file(vm, file) {
        for (i, a) in args.pos.iter().enumerate() {
            if i > 0 {
                streams::print_to(vm, file, &sep, false)?;
            }
            // (A class deriving from `str` may define `__str__`.)
            let t = match a.as_str() {
                Some(s) if !crate::dunder::is_py(a) => s.to_owned(),
                _ => ops::str_of(vm, a)?,
            };
            streams::print_to(vm, file, &t, false)?;
        }
        streams::print_to(vm, file, &end, flush)?;
        return Ok(Value::None);
    }
    let mut out = String::new();
    for (i, a) in args.pos.iter().enumerate() {
        if i > 0 {
            out.push_str(&sep);
        }
        // (A class deriving from `str` may define `__str__`.)
        match a.as_str() {
            Some(s) if !crate::dunder::is_py(a) => out.push_str(s),
            _ => out.push_str(&ops::str_of(vm, a)?),
        }
    }
    out.push_str(&end);
    streams::print_to(vm, file, &out, flush)?;
    Ok(Value::None)
}

pub(crate) fn b_len(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "len", 1)?;
    Ok(Value::Int(ops::len(vm, &args.pos[0])? as i64))
}

fn b_repr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "repr", 1)?;
    Ok(Value::string(ops::repr(vm, &args.pos[0])?))
}

/// `id(x)`: a heap object's address; for the values Typhon keeps unboxed,
/// a number derived from the value (so that `id(a) == id(b)` exactly when
/// `a is b`), above every address.
fn b_id(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "id", 1)?;
    Ok(id_of(&args.pos[0]))
}

/// `id(v)`: a heap object's address; unboxed values get numbers above
/// every address (2**72 and up), one per value.
pub(crate) fn id_of(v: &Value) -> Value {
    if let Value::Obj(o) = v
        && let Ok(addr) = i64::try_from(o.as_ptr() as usize)
    {
        return Value::Int(addr);
    }
    let base = num_bigint::BigInt::from(1u8) << 72u32;
    let id = match v {
        Value::None => base - 1,
        Value::Bool(b) => base - 2 - i64::from(*b),
        Value::Int(i) => base + num_bigint::BigInt::from(*i) * 2,
        Value::Float(f) => (base << 2u32) + f.to_bits(),
        Value::Obj(o) => num_bigint::BigInt::from(o.as_ptr() as usize),
    };
    Value::from_bigint(id)
}

fn b_ascii(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "ascii", 1)?;
    let r = ops::repr(vm, &args.pos[0])?;
    Ok(Value::string(crate::percent::ascii_escape(&r)))
}

pub(crate) fn b_abs(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "abs", 1)?;
    let v = &args.pos[0];
    if let Some(r) = crate::dunder::call(vm, v, "__abs__", &[]) {
        return r;
    }
    if let Some(n) = crate::subclass::number_value(v) {
        return b_abs(vm, Args::positional(&[n]));
    }
    if let Some((capi, o)) = crate::ext::foreign(v)
        && let Some(r) = capi.unary_op(vm, 'a', o)?
    {
        return Ok(r);
    }
    match v {
        Value::Int(i) => Ok(i
            .checked_abs()
            .map(Value::Int)
            .unwrap_or_else(|| Value::from_bigint(BigInt::from(*i).abs()))),
        Value::Bool(b) => Ok(Value::Int(*b as i64)),
        Value::Float(f) => Ok(Value::float(f.abs())),
        _ if v.kind() == Kind::COMPLEX => match v.as_complex() {
            Some((re, im)) => crate::complex::abs(re, im).map(Value::float),
            None => Ok(Value::None),
        },
        _ => match v.as_bigint() {
            Some(b) => Ok(Value::from_bigint(b.abs())),
            None => Err(PyErr::type_error(format!(
                "bad operand type for abs(): '{}'",
                v.type_name()
            ))),
        },
    }
}

fn min_max(vm: &mut Vm, args: Args<'_>, name: &str, want_less: bool) -> PyResult<Value> {
    args.check_kw(name, &["key", "default"])?;
    let key = args
        .kw("key")
        .filter(|k| !matches!(k, Value::None))
        .cloned();
    let items = match args.pos.len() {
        0 => {
            return Err(PyErr::type_error(format!(
                "{name} expected at least 1 argument, got 0"
            )));
        }
        1 => ops::collect(vm, &args.pos[0])?,
        _ => {
            if args.kw("default").is_some() {
                return Err(PyErr::type_error(format!(
                    "Cannot specify a default for {name}() with multiple positional arguments"
                )));
            }
            args.pos.to_vec()
        }
    };
    let mut best: Option<(Value, Value)> = None;
    for x in items {
        let k = match &key {
            Some(f) => vm.call(f, std::slice::from_ref(&x))?,
            None => x.clone(),
        };
        best = Some(match best {
            None => (x, k),
            Some((bx, bk)) => {
                // CPython tests `item > best` for max (so its error names
                // `>` with the new item first) and `item < best` for min.
                let better = if want_less {
                    ops::less_than(vm, &k, &bk)?
                } else {
                    let r = ops::compare(vm, crate::bytecode::CmpOp::Gt, &k, &bk)?;
                    ops::truthy(vm, &r)?
                };
                if better { (x, k) } else { (bx, bk) }
            }
        });
    }
    match best {
        Some((x, _)) => Ok(x),
        None => match args.kw("default") {
            Some(d) => Ok(d.clone()),
            None => Err(PyErr::value_error(format!(
                "{name}() arg is an empty sequence"
            ))),
        },
    }
}

fn b_min(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    min_max(vm, args, "min", true)
}

fn b_max(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    min_max(vm, args, "max", false)
}

pub(crate) fn b_sum(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("sum", &["start"])?;
    range_args(&args, "sum", 1, 2)?;
    let mut acc = args
        .pos
        .get(1)
        .or(args.kw("start"))
        .cloned()
        .unwrap_or(Value::Int(0));
    if acc.as_str().is_some() {
        return Err(PyErr::type_error(
            "sum() can't sum strings [use ''.join(seq) instead]",
        ));
    }
    let it = ops::get_iter(vm, &args.pos[0])?;
    while let Some(x) = ops::iter_next(vm, &it)? {
        acc = ops::binary_op(vm, crate::bytecode::BinOp::Add, &acc, &x)?;
    }
    Ok(acc)
}

fn b_round(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("round", &["number", "ndigits"])?;
    let x =
        args.pos.first().or(args.kw("number")).ok_or_else(|| {
            PyErr::type_error("round() missing required argument 'number' (pos 1)")
        })?;
    // An `int` or `float` subclass's instance rounds as the plain number
    // unless its class has a `__round__` of its own.
    let plain_x;
    let x = match crate::subclass::number_value(x) {
        Some(n) if crate::dunder::special(x, "__round__").is_none() => {
            plain_x = n;
            &plain_x
        }
        _ => x,
    };
    // A class's own `__round__` (CPython looks it up on the type): called
    // with no argument when `ndigits` is absent or None.
    if !x.is_int()
        && !matches!(x, Value::Float(_))
        && let Some(f) = crate::dunder::special(x, "__round__")
    {
        let nd = args
            .pos
            .get(1)
            .or(args.kw("ndigits"))
            .filter(|v| !matches!(v, Value::None));
        let mut call_args = vec![x.clone()];
        call_args.extend(nd.cloned());
        return vm.call(&f, &call_args);
    }
    let nd = match args
        .pos
        .get(1)
        .or(args.kw("ndigits"))
        .filter(|v| !matches!(v, Value::None))
    {
        Some(n) => Some(crate::dunder::as_index(vm, n)?),
        None => None,
    };
    match (x, nd.as_ref()) {
        (Value::Float(f), None) => format::round_float_to_int(*f)
            .map(Value::from_bigint)
            .map_err(ops::fmt_err),
        (Value::Float(f), Some(n)) => {
            let n = ndigits_clamped(n)?;
            format::round_float(*f, n)
                .map(Value::float)
                .map_err(ops::fmt_err)
        }
        (v, None) if v.is_int() => Ok(match v {
            Value::Bool(b) => Value::Int(*b as i64),
            _ => v.clone(),
        }),
        (v, Some(n)) if v.is_int() => {
            let n = ndigits_clamped(n)?;
            if n >= 0 {
                return Ok(match v {
                    Value::Bool(b) => Value::Int(*b as i64),
                    _ => v.clone(),
                });
            }
            // Round to 10**(-n), half to even.
            let b = v.to_bigint().unwrap_or_default();
            let p = num_traits::pow::Pow::pow(&BigInt::from(10), (-n).min(400) as u32);
            let (q, r) = num_integer::Integer::div_mod_floor(&b, &p);
            let twice: BigInt = &r * 2;
            let q = match twice.cmp(&p) {
                std::cmp::Ordering::Greater => q + 1,
                std::cmp::Ordering::Equal if num_integer::Integer::is_odd(&q) => q + 1,
                _ => q,
            };
            Ok(Value::from_bigint(q * p))
        }
        (v, _) => Err(PyErr::type_error(format!(
            "type {} doesn't define __round__ method",
            v.type_name()
        ))),
    }
}

fn b_divmod(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "divmod", 2)?;
    let (a, b) = (&args.pos[0], &args.pos[1]);
    use crate::bytecode::BinOp;
    if let (Value::Float(_), _) | (_, Value::Float(_)) = (a, b)
        && (a.is_int() || matches!(a, Value::Float(_)))
        && (b.is_int() || matches!(b, Value::Float(_)))
    {
        let (x, y) = (ops::int_to_f64(a)?, ops::int_to_f64(b)?);
        if y == 0.0 {
            return Err(PyErr::zero_division("float divmod()"));
        }
        let (q, r) = ops::float_divmod(x, y);
        return Ok(Value::tuple(vec![Value::float(q), Value::float(r)]));
    }
    let q = ops::binary_op(vm, BinOp::FloorDiv, a, b).map_err(|e| {
        if e.matches(types::ZERO_DIVISION_ERROR.get()) {
            PyErr::zero_division("integer division or modulo by zero")
        } else if e.matches(types::TYPE_ERROR.get()) {
            PyErr::type_error(format!(
                "unsupported operand type(s) for divmod(): '{}' and '{}'",
                a.type_name(),
                b.type_name()
            ))
        } else {
            e
        }
    })?;
    let r = ops::binary_op(vm, BinOp::Mod, a, b)?;
    Ok(Value::tuple(vec![q, r]))
}

fn b_pow(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    range_args(&args, "pow", 2, 3)?;
    let (a, b) = (&args.pos[0], &args.pos[1]);
    match args.pos.get(2) {
        None | Some(Value::None) => ops::binary_op(vm, crate::bytecode::BinOp::Pow, a, b),
        // A C type's three-argument `nb_power`.
        Some(m) if [a, b, m].iter().any(|v| crate::ext::foreign(v).is_some()) => {
            let r = match crate::ext::capi() {
                Some(capi) => capi.power3(vm, a, b, m)?,
                None => None,
            };
            r.ok_or_else(|| {
                PyErr::type_error(format!(
                    "unsupported operand type(s) for ** or pow(): '{}', '{}', '{}'",
                    a.type_name(),
                    b.type_name(),
                    m.type_name()
                ))
            })
        }
        Some(m) => {
            let (Some(x), Some(y), Some(z)) = (a.to_bigint(), b.to_bigint(), m.to_bigint()) else {
                return Err(pow3_refused(a, b, m));
            };
            if z.is_zero() {
                return Err(PyErr::value_error("pow() 3rd argument cannot be 0"));
            }
            if y.is_negative() {
                // Modular inverse, as CPython 3.8+ does.
                let inv = modinv(&x, &z).ok_or_else(|| {
                    PyErr::value_error("base is not invertible for the given modulus")
                })?;
                let r = inv.modpow(&(-y), &z.abs());
                return Ok(Value::from_bigint(fix_mod_sign(r, &z)));
            }
            let r = x.modpow(&y, &z.abs());
            Ok(Value::from_bigint(fix_mod_sign(r, &z)))
        }
    }
}

/// The error of `pow(a, b, m)` when not all three are ints, as CPython's
/// `ternary_op` finds it: the `nb_power` of `a`'s, `b`'s and `m`'s types
/// in turn, each slot once. int's declines (it takes only ints); float's
/// refuses any third argument; complex's refuses a modulus once `a` and `b`
/// are numbers (converting them first, so a huge int overflows).
fn pow3_refused(a: &Value, b: &Value, m: &Value) -> PyErr {
    #[derive(PartialEq, Clone, Copy)]
    enum Slot {
        Int,
        Float,
        Complex,
    }
    let slot = |v: &Value| {
        if v.is_int() {
            Some(Slot::Int)
        } else if matches!(v, Value::Float(_)) {
            Some(Slot::Float)
        } else if v.kind() == Kind::COMPLEX {
            Some(Slot::Complex)
        } else {
            None
        }
    };
    let mut tried = Vec::new();
    for s in [a, b, m].into_iter().filter_map(slot) {
        if tried.contains(&s) {
            continue;
        }
        tried.push(s);
        match s {
            Slot::Int => {}
            Slot::Float => {
                return PyErr::type_error(
                    "pow() 3rd argument not allowed unless all arguments are integers",
                );
            }
            Slot::Complex => match crate::complex::operand(a) {
                Some(Err(e)) => return e,
                Some(Ok(_)) => match crate::complex::operand(b) {
                    Some(Err(e)) => return e,
                    Some(Ok(_)) => return PyErr::value_error("complex modulo"),
                    None => {}
                },
                None => {}
            },
        }
    }
    PyErr::type_error(format!(
        "unsupported operand type(s) for ** or pow(): '{}', '{}', '{}'",
        a.type_name(),
        b.type_name(),
        m.type_name()
    ))
}

fn fix_mod_sign(r: BigInt, m: &BigInt) -> BigInt {
    let mut r = r;
    let am = m.abs();
    if r.is_negative() {
        r += &am;
    }
    if m.is_negative() && !r.is_zero() {
        r -= am;
    }
    r
}

fn modinv(a: &BigInt, m: &BigInt) -> Option<BigInt> {
    let m = m.abs();
    let (mut old_r, mut r) = (num_integer::Integer::mod_floor(a, &m), m.clone());
    let (mut old_s, mut s) = (BigInt::from(1), BigInt::zero());
    while !r.is_zero() {
        let q = &old_r / &r;
        let nr = &old_r - &q * &r;
        old_r = std::mem::replace(&mut r, nr);
        let ns = &old_s - &q * &s;
        old_s = std::mem::replace(&mut s, ns);
    }
    if old_r != BigInt::from(1) {
        return None;
    }
    Some(num_integer::Integer::mod_floor(&old_s, &m))
}

fn type_of_value(v: &Value) -> Option<&abi::TypeObject> {
    v.as_obj().and_then(|o| o.as_type())
}

/// An attribute name argument (`getattr`, `object.__getattribute__`, ...):
/// a `str`, else CPython's TypeError.
pub(crate) fn attr_name(v: &Value) -> PyResult<&str> {
    v.as_str().ok_or_else(|| {
        PyErr::type_error(format!(
            "attribute name must be string, not '{}'",
            v.type_name()
        ))
    })
}

fn b_getattr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("getattr")?;
    let n = args.pos.len();
    if !(2..=3).contains(&n) {
        return Err(PyErr::type_error(if n < 2 {
            format!("getattr expected at least 2 arguments, got {n}")
        } else {
            format!("getattr expected at most 3 arguments, got {n}")
        }));
    }
    let name = attr_name(&args.pos[1])?;
    match (vm.getattr(&args.pos[0], name), args.pos.get(2)) {
        (Err(e), Some(default)) if e.matches(types::ATTRIBUTE_ERROR.get()) => Ok(default.clone()),
        (r, _) => r,
    }
}

fn b_setattr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "setattr", 3)?;
    let name = attr_name(&args.pos[1])?;
    vm.setattr(&args.pos[0], name, args.pos[2].clone())?;
    Ok(Value::None)
}

fn b_delattr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "delattr", 2)?;
    let name = attr_name(&args.pos[1])?;
    vm.delattr(&args.pos[0], name)?;
    Ok(Value::None)
}

fn b_hasattr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "hasattr", 2)?;
    let name = attr_name(&args.pos[1])?;
    match vm.getattr(&args.pos[0], name) {
        Ok(_) => Ok(Value::Bool(true)),
        Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => Ok(Value::Bool(false)),
        Err(e) => Err(e),
    }
}

/// Whether `sub` is a subtype of the class `cls`, or of any class in the
/// tuple `cls`, tuples nested in it included (as CPython's
/// `object_issubclass` recurses); `what` names the builtin for the error.
fn subclass_of(
    vm: &mut Vm,
    sub: &crate::object::TypeObject,
    cls: &Value,
    what: &str,
) -> PyResult<bool> {
    if let Some(t) = cls.downcast::<TupleObj>() {
        vm.enter_nested(if what == "isinstance" {
            " in __instancecheck__"
        } else {
            " in __subclasscheck__"
        })?;
        let mut found = Ok(false);
        for c in t.items.iter() {
            found = subclass_of(vm, sub, c, what);
            if !matches!(found, Ok(false)) {
                break;
            }
        }
        vm.leave_nested();
        return found;
    }
    // `isinstance(x, typing.Iterable)`: the class the alias stands for.
    if let Some(f) = cls.downcast::<crate::stdlib::typing::FormObj>() {
        if f.is_subscripted() {
            return Err(PyErr::type_error(
                "Subscripted generics cannot be used with class and instance checks",
            ));
        }
        if let Some(origin) = crate::stdlib::typing::origin(vm, f) {
            return subclass_of(vm, sub, &origin?, what);
        }
    }
    match type_of_value(cls) {
        Some(t) if crate::object::class::is_subclass(sub, t) => Ok(true),
        Some(_) => match cls
            .as_obj()
            .and_then(|c| crate::classes::abc_subclass_check(vm, sub, c))
        {
            Some(r) => r,
            None => Ok(false),
        },
        None if what == "isinstance" => Err(PyErr::type_error(
            "isinstance() arg 2 must be a type, a tuple of types, or a union",
        )),
        None => Err(PyErr::type_error(
            "issubclass() arg 2 must be a class, a tuple of classes, or a union",
        )),
    }
}

fn b_issubclass(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "issubclass", 2)?;
    let (sub, cls) = (&args.pos[0], &args.pos[1]);
    let Some(sub) = type_of_value(sub) else {
        return Err(PyErr::type_error("issubclass() arg 1 must be a class"));
    };
    Ok(Value::Bool(subclass_of(vm, sub, cls, "issubclass")?))
}

pub(crate) fn b_isinstance(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "isinstance", 2)?;
    Ok(Value::Bool(is_instance(vm, &args.pos[0], &args.pos[1])?))
}

/// `isinstance(obj, cls)` (also the check of a class pattern, `case C()`).
pub(crate) fn is_instance(vm: &mut Vm, obj: &Value, cls: &Value) -> PyResult<bool> {
    if subclass_of(vm, obj.type_of(), cls, "isinstance")? {
        return Ok(true);
    }
    // As CPython's `object_isinstance`: an object whose `__class__` is
    // not its type (a C proxy's getter, say) is also an instance of what
    // `__class__` names. Only a C type's instances can say so here (a
    // Python class's `__class__` is its type).
    if crate::ext::foreign(obj).is_some()
        && let Ok(Value::Obj(c)) = vm.getattr(obj, "__class__")
        && let Some(t) = c.as_type()
        && !std::ptr::eq(t, obj.type_of())
    {
        return subclass_of(vm, t, cls, "isinstance");
    }
    Ok(false)
}

fn b_sorted(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    // CPython's sorted() hands its keywords to list.sort, which names itself.
    args.check_kw("sort", &["key", "reverse"])?;
    if args.pos.len() != 1 {
        return Err(PyErr::type_error(format!(
            "sorted expected 1 argument, got {}",
            args.pos.len()
        )));
    }
    let mut items = ops::collect(vm, &args.pos[0])?;
    methods::sort_with_kw(vm, &mut items, &args)?;
    Ok(Value::list(items))
}

fn b_ord(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "ord", 1)?;
    let v = &args.pos[0];
    let s = v.as_str().ok_or_else(|| {
        PyErr::type_error(format!(
            "ord() expected string of length 1, but {} found",
            v.type_name()
        ))
    })?;
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(c), None) => Ok(Value::Int(c as i64)),
        _ => Err(PyErr::type_error(format!(
            "ord() expected a character, but string of length {} found",
            s.chars().count()
        ))),
    }
}

fn b_chr(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "chr", 1)?;
    let i = as_index(&args.pos[0]).map_err(|e| {
        if e.matches(types::INDEX_ERROR.get()) {
            PyErr::overflow("Python int too large to convert to C int")
        } else {
            e
        }
    })?;
    let c = u32::try_from(i)
        .ok()
        .filter(|c| *c < 0x110000)
        .ok_or_else(|| PyErr::value_error("chr() arg not in range(0x110000)"))?;
    match char::from_u32(c) {
        Some(ch) => Ok(Value::Obj(StrObj::char_obj(ch))),
        None => Err(PyErr::value_error(
            "surrogate code points are not supported by typhon",
        )),
    }
}

fn radix(vm: &mut Vm, args: &Args<'_>, name: &str, r: u32) -> PyResult<Value> {
    exact_args(args, name, 1)?;
    let v = &crate::dunder::as_index(vm, &args.pos[0])?;
    let b = v.to_bigint().ok_or_else(|| {
        PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        ))
    })?;
    Ok(Value::string(format::int_to_prefixed(&b, r)))
}

fn b_hex(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    radix(vm, &args, "hex", 16)
}

fn b_bin(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    radix(vm, &args, "bin", 2)
}

fn b_oct(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    radix(vm, &args, "oct", 8)
}

fn b_iter(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("iter")?;
    range_args(&args, "iter", 1, 2)?;
    match args.pos {
        [f, sentinel] => {
            if !ops::is_callable(f) {
                return Err(PyErr::type_error("iter(v, w): v must be callable"));
            }
            Ok(Value::Obj(IterObj::new_obj(
                &types::CALLABLE_ITER,
                IterState::Call {
                    f: f.clone(),
                    sentinel: sentinel.clone(),
                },
            )))
        }
        _ => ops::get_iter(vm, &args.pos[0]),
    }
}

fn b_next(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("next")?;
    range_args(&args, "next", 1, 2)?;
    let it = &args.pos[0];
    if let Some(g) = it.downcast::<crate::object::GenObj>() {
        return match crate::generator::next_or_stop(vm, g) {
            Err(e) if args.pos.len() == 2 && e.matches(types::STOP_ITERATION.get()) => {
                Ok(args.pos[1].clone())
            }
            r => r,
        };
    }
    // An instance of a Python class is an iterator if its class defines
    // `__next__` (`ops::iter_next` calls it).
    let py_iter = crate::dunder::special(it, "__next__").is_some();
    let io = matches!(it.kind(), Kind::STRINGIO | Kind::BYTESIO);
    if it.kind() != Kind::ITER && !py_iter && !io {
        return Err(PyErr::type_error(format!(
            "'{}' object is not an iterator",
            it.type_name()
        )));
    }
    match ops::iter_next(vm, it)? {
        Some(v) => Ok(v),
        None => match args.pos.get(1) {
            Some(d) => Ok(d.clone()),
            None => Err(PyErr::with_args(&types::STOP_ITERATION, vec![])),
        },
    }
}

fn b_any(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "any", 1)?;
    let it = ops::get_iter(vm, &args.pos[0])?;
    while let Some(x) = ops::iter_next(vm, &it)? {
        if ops::truthy(vm, &x)? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

fn b_all(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "all", 1)?;
    let it = ops::get_iter(vm, &args.pos[0])?;
    while let Some(x) = ops::iter_next(vm, &it)? {
        if !ops::truthy(vm, &x)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

fn b_callable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "callable", 1)?;
    Ok(Value::Bool(ops::is_callable(&args.pos[0])))
}

fn b_hash(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "hash", 1)?;
    Ok(Value::Int(ops::hash(vm, &args.pos[0])? as i64))
}

fn b_format(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    range_args(&args, "format", 1, 2)?;
    let spec = match args.pos.get(1) {
        Some(s) => s
            .as_str()
            .ok_or_else(|| PyErr::type_error("format() argument 2 must be str"))?
            .to_owned(),
        None => String::new(),
    };
    Ok(Value::string(ops::format_value(vm, &args.pos[0], &spec)?))
}

// ----- calling types ------------------------------------------------------------------

/// Calls a type object: the constructors of built-in types and exceptions.
/// `T(errno, strerror[, filename[, winerror[, filename2]]])` for an
/// `OSError` type `T`, as CPython's `OSError.__new__` reads them: `OSError`
/// itself makes the subclass for an int errno; with a filename, `args`
/// keeps the first two only and the filenames are attributes.
fn new_os_error(ty: &'static crate::object::TypeObject, pos: &[Value]) -> ObjRef {
    let ty = match pos.first() {
        Some(Value::Int(errno)) if std::ptr::eq(ty, types::OS_ERROR.get()) => {
            crate::output::errno_type(*errno).get()
        }
        _ => ty,
    };
    let filename = pos.get(2).filter(|f| !matches!(f, Value::None));
    let Some(filename) = filename else {
        return ExcObj::new_obj(ty, pos.to_vec());
    };
    let e = ExcObj::new_obj(ty, pos[..2].to_vec());
    if let Some(x) = e.downcast::<ExcObj>() {
        x.set_own_attr("filename", filename.clone());
        if let Some(f2) = pos.get(4) {
            x.set_own_attr("filename2", f2.clone());
        }
    }
    e
}

pub fn call_type(vm: &mut Vm, t: &ObjRef, args: Args<'_>) -> PyResult<Value> {
    let Some(ty) = t.as_type() else {
        return Err(crate::vm::not_callable(&Value::Obj(t.clone())));
    };
    let is = |s: &'static StaticType| std::ptr::eq(ty, s.get());
    if ty.kind() == Kind::INSTANCE || ty.is_heap_type() {
        return crate::classes::call_class(vm, t, args);
    }
    if is(&types::SUPER) {
        return crate::classes::new_super(args);
    }
    if is(&types::PROPERTY) {
        return crate::classes::new_property(args);
    }
    if is(&types::STATICMETHOD) || is(&types::CLASSMETHOD) {
        let what = if is(&types::CLASSMETHOD) {
            "classmethod"
        } else {
            "staticmethod"
        };
        args.no_kw(what)?;
        return match args.pos {
            [f] => Ok(Value::Obj(MethodWrapper::new_obj(
                f.clone(),
                is(&types::CLASSMETHOD),
            ))),
            _ => Err(PyErr::type_error(format!(
                "{what} expected 1 argument, got {}",
                args.pos.len()
            ))),
        };
    }
    if ty.kind() == Kind::EXC {
        if ty.is_subtype(types::IMPORT_ERROR.get()) {
            for s in types::EXCEPTION_TYPES {
                if std::ptr::eq(ty, s.get()) {
                    return crate::imports::new_import_error(s, &args);
                }
            }
        }
        args.no_kw(ty.name())?;
        // `OSError(errno, strerror, ...)` itself makes the subclass for
        // the errno, as CPython's `OSError.__new__` does.
        // Exception types are statics; find the one we were called with.
        for s in types::EXCEPTION_TYPES
            .iter()
            .chain([&&types::UNSUPPORTED_OPERATION])
        {
            if std::ptr::eq(ty, s.get()) {
                if ty.is_subtype(types::OS_ERROR.get()) && (2..=5).contains(&args.pos.len()) {
                    return Ok(Value::Obj(new_os_error(s.get(), args.pos)));
                }
                return Ok(Value::Obj(ExcObj::new_obj(s.get(), args.pos.to_vec())));
            }
        }
    }
    if is(&types::INT) {
        return new_int(vm, args);
    }
    if is(&types::BYTES) {
        return crate::bytes::new_bytes(vm, args);
    }
    if is(&types::BYTEARRAY) {
        return crate::bytes::new_bytearray(vm, args);
    }
    if is(&types::MEMORYVIEW) {
        return crate::bytes::memoryview::new_memoryview(vm, args);
    }
    if is(&crate::stdlib::random::RANDOM) {
        return crate::stdlib::random::new_random(vm, args);
    }
    if is(&types::FLOAT) {
        return new_float(vm, args);
    }
    if is(&types::COMPLEX) {
        return crate::complex::construct(vm, args);
    }
    if is(&types::STR) {
        return new_str(vm, args);
    }
    if is(&types::BOOL) {
        args.no_kw("bool")?;
        range_args(&args, "bool", 0, 1)?;
        return Ok(Value::Bool(match args.pos.first() {
            Some(v) => ops::truthy(vm, v)?,
            None => false,
        }));
    }
    if is(&types::LIST) {
        args.no_kw("list")?;
        range_args(&args, "list", 0, 1)?;
        return Ok(Value::list(match args.pos.first() {
            Some(v) => ops::collect(vm, v)?,
            None => Vec::new(),
        }));
    }
    if is(&types::TUPLE) {
        args.no_kw("tuple")?;
        range_args(&args, "tuple", 0, 1)?;
        return Ok(match args.pos.first() {
            Some(v) if v.is_type_exact(&types::TUPLE) => v.clone(),
            Some(v) => Value::tuple(ops::collect(vm, v)?),
            None => Value::tuple(Vec::new()),
        });
    }
    if is(&types::SET) || is(&types::FROZENSET) {
        return crate::sets::construct(vm, is(&types::FROZENSET), args);
    }
    if is(&types::DICT) {
        range_args(&args, "dict", 0, 1)?;
        let d = DictObj::new_obj();
        if let Some(dd) = d.downcast::<DictObj>() {
            if let Some(src) = args.pos.first() {
                methods::dict_merge(vm, dd, src)?;
            }
            for (k, v) in args.kw {
                dd.insert(DictKey::from_str_obj(k), v.clone());
            }
        }
        return Ok(Value::Obj(d));
    }
    if is(&types::RANGE) {
        args.no_kw("range")?;
        let pos: Vec<Value> = args
            .pos
            .iter()
            .map(|v| crate::dunder::as_index(vm, v))
            .collect::<PyResult<_>>()?;
        let ints: Vec<BigInt> = pos
            .iter()
            .map(|v| {
                v.to_bigint().ok_or_else(|| {
                    PyErr::type_error(format!(
                        "'{}' object cannot be interpreted as an integer",
                        v.type_name()
                    ))
                })
            })
            .collect::<PyResult<_>>()?;
        let mut it = ints.into_iter();
        let (start, stop, step) = match (it.next(), it.next(), it.next(), args.pos.len()) {
            (Some(stop), None, None, 1) => (BigInt::zero(), stop, BigInt::from(1)),
            (Some(a), Some(b), None, 2) => (a, b, BigInt::from(1)),
            (Some(a), Some(b), Some(c), 3) => (a, b, c),
            (_, _, _, 0) => {
                return Err(PyErr::type_error(
                    "range expected at least 1 argument, got 0",
                ));
            }
            (_, _, _, n) => {
                return Err(PyErr::type_error(format!(
                    "range expected at most 3 arguments, got {n}"
                )));
            }
        };
        if step.is_zero() {
            return Err(PyErr::value_error("range() arg 3 must not be zero"));
        }
        return Ok(Value::Obj(RangeObj::new_big(start, stop, step)));
    }
    if is(&types::SLICE) {
        args.no_kw("slice")?;
        range_args(&args, "slice", 1, 3)?;
        let p = args.pos;
        let (a, b, c) = match p.len() {
            1 => (Value::None, p[0].clone(), Value::None),
            2 => (p[0].clone(), p[1].clone(), Value::None),
            _ => (p[0].clone(), p[1].clone(), p[2].clone()),
        };
        return Ok(Value::Obj(SliceObj::new_obj(a, b, c)));
    }
    if is(&types::TYPE) {
        args.no_kw("type")?;
        if args.pos.len() != 1 {
            return Err(PyErr::type_error(
                "type() with three arguments (class creation) is not supported by typhon",
            ));
        }
        return Ok(type_value_of(&args.pos[0]));
    }
    if is(&types::ENUMERATE) {
        args.check_kw("enumerate", &["iterable", "start"])?;
        let it = args.pos.first().or(args.kw("iterable")).ok_or_else(|| {
            PyErr::type_error("enumerate() missing required argument 'iterable' (pos 1)")
        })?;
        let start = args
            .pos
            .get(1)
            .or(args.kw("start"))
            .cloned()
            .unwrap_or(Value::Int(0));
        if !start.is_int() {
            return Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                start.type_name()
            )));
        }
        let inner = ops::get_iter(vm, it)?;
        return Ok(Value::Obj(IterObj::new_obj(
            &types::ENUMERATE,
            IterState::Enumerate {
                it: inner,
                n: start,
            },
        )));
    }
    if is(&types::ZIP) {
        args.check_kw("zip", &["strict"])?;
        let its = args
            .pos
            .iter()
            .map(|v| ops::get_iter(vm, v))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(Value::Obj(IterObj::new_obj(
            &types::ZIP,
            IterState::Zip { its },
        )));
    }
    if is(&types::MAP) {
        args.no_kw("map")?;
        if args.pos.len() < 2 {
            return Err(PyErr::type_error("map() must have at least two arguments."));
        }
        let its = args.pos[1..]
            .iter()
            .map(|v| ops::get_iter(vm, v))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(Value::Obj(IterObj::new_obj(
            &types::MAP,
            IterState::Map {
                f: args.pos[0].clone(),
                its,
            },
        )));
    }
    if is(&types::FILTER) {
        args.no_kw("filter")?;
        if args.pos.len() != 2 {
            return Err(PyErr::type_error(format!(
                "filter expected 2 arguments, got {}",
                args.pos.len()
            )));
        }
        return Ok(Value::Obj(IterObj::new_obj(
            &types::FILTER,
            IterState::Filter {
                f: args.pos[0].clone(),
                it: ops::get_iter(vm, &args.pos[1])?,
            },
        )));
    }
    if is(&types::REVERSED) {
        exact_args(&args, "reversed", 1)?;
        let v = &args.pos[0];
        // A Python class's or a C type's `__reversed__` first.
        let plain = crate::subclass::is_instance_value(v)
            && crate::dunder::special(v, "__reversed__").is_none();
        if !plain && (crate::dunder::is_py(v) || crate::ext::foreign(v).is_some()) {
            match vm.getattr(v, "__reversed__") {
                Ok(m) => return vm.call(&m, &[]),
                Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => {
                    return Err(PyErr::type_error(format!(
                        "'{}' object is not reversible",
                        v.type_name()
                    )));
                }
                Err(e) => return Err(e),
            }
        }
        return builtin_reversed(vm, v);
    }
    if let Some(r) = crate::stdlib::construct(vm, ty, args) {
        return r;
    }
    if is(&types::OBJECT) {
        // A bare object (a sentinel, usually): identity is all it has.
        if !args.pos.is_empty() || !args.kw.is_empty() {
            return Err(PyErr::type_error("object() takes no arguments"));
        }
        return Ok(Value::Obj(ObjRef::new(types::OBJECT.get(), ())));
    }
    Err(PyErr::type_error(format!(
        "cannot create '{}' instances",
        ty.name()
    )))
}

/// `type(v)` as a value.
pub fn type_value_of(v: &Value) -> Value {
    let t: &'static StaticType = match v {
        Value::None => &types::NONE_TYPE,
        Value::Bool(_) => &types::BOOL,
        Value::Int(_) => &types::INT,
        Value::Float(_) => &types::FLOAT,
        Value::Obj(o) => return Value::Obj(o.type_ref()),
    };
    Value::from_type(t)
}

fn new_int(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("int", &["base"])?;
    range_args(&args, "int", 0, 2)?;
    let base = args.pos.get(1).or(args.kw("base"));
    let Some(x) = args.pos.first() else {
        return Ok(Value::Int(0));
    };
    if let Some(b) = base {
        let b = as_index(b)?;
        let byte_string = matches!(x.kind(), Kind::BYTES | Kind::BYTEARRAY);
        if x.as_str().is_none() && !byte_string {
            return Err(PyErr::type_error(
                "int() can't convert non-string with explicit base",
            ));
        }
        let b = u32::try_from(b)
            .ok()
            .filter(|b| *b == 0 || (2..=36).contains(b))
            .ok_or_else(|| PyErr::value_error("int() base must be >= 2 and <= 36, or 0"))?;
        if let Some(bytes) = crate::bytes::buffer(x) {
            return crate::bytes::parse_int(&bytes?, b);
        }
        let s = x.as_str().unwrap_or("");
        return format::parse_int(s, b)
            .map(Value::from_bigint)
            .map_err(ops::fmt_err);
    }
    int_of(vm, x)
}

/// `int(x)` with no base: a float truncated, a Python class's `__int__`
/// or `__index__`, a C type's `nb_int` or `nb_index`, a string parsed.
pub(crate) fn int_of(vm: &mut Vm, x: &Value) -> PyResult<Value> {
    match x {
        Value::Int(_) => Ok(x.clone()),
        Value::Bool(b) => Ok(Value::Int(*b as i64)),
        Value::Float(f) => {
            if f.is_nan() {
                return Err(PyErr::value_error("cannot convert float NaN to integer"));
            }
            if f.is_infinite() {
                return Err(PyErr::overflow("cannot convert float infinity to integer"));
            }
            let t = f.trunc();
            if t.abs() < 9.2e18 {
                return Ok(Value::Int(t as i64));
            }
            Ok(Value::from_bigint(
                num_traits::FromPrimitive::from_f64(t).unwrap_or_default(),
            ))
        }
        _ => {
            // (A class deriving from `int` may define `__int__`; else its
            // plain value comes back below.)
            if x.as_bigint().is_some() && !crate::dunder::is_py(x) {
                return Ok(x.clone());
            }
            // A Python class's `__int__`, else its `__index__`.
            if let Some(r) = crate::dunder::number(vm, x, "__int__") {
                return r;
            }
            if let Some(r) = crate::dunder::number(vm, x, "__index__") {
                return r;
            }
            // A C type's `nb_int`, else its `nb_index`.
            if let Some(r) = crate::dunder::c_number(vm, x, 'i', "__int__", Value::is_int)? {
                return Ok(r);
            }
            if let Some(r) = crate::dunder::c_number(vm, x, 'x', "__index__", Value::is_int)? {
                return Ok(r);
            }
            if let Some(bytes) = crate::bytes::buffer(x) {
                return crate::bytes::parse_int(&bytes?, 10);
            }
            match x.as_str() {
                Some(s) => format::parse_int(s, 10)
                    .map(Value::from_bigint)
                    .map_err(ops::fmt_err),
                None => Err(PyErr::type_error(format!(
                    "int() argument must be a string, a bytes-like object or a real number, not '{}'",
                    x.type_name()
                ))),
            }
        }
    }
}

/// `str(object='')` or `str(object=b'', encoding='utf-8', errors='strict')`.
fn new_str(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("str", &["object", "encoding", "errors"])?;
    if args.pos.len() > 3 {
        return Err(PyErr::type_error(format!(
            "str() takes at most 3 arguments ({} given)",
            args.pos.len()
        )));
    }
    let get = |i: usize, n: &str| args.pos.get(i).or(args.kw(n));
    let obj = get(0, "object");
    let (encoding, errors) = (get(1, "encoding"), get(2, "errors"));
    let Some(obj) = obj else {
        return Ok(Value::str(""));
    };
    if encoding.is_none() && errors.is_none() {
        return ops::to_str_value(vm, obj);
    }
    let text = |v: Option<&Value>, what: &str| -> PyResult<Option<String>> {
        match v {
            None => Ok(None),
            Some(v) => v.as_str().map(|s| Some(s.to_owned())).ok_or_else(|| {
                PyErr::type_error(format!(
                    "str() argument '{what}' must be str, not {}",
                    v.type_name()
                ))
            }),
        }
    };
    let enc = match text(encoding, "encoding")? {
        Some(e) => crate::codec::encoding(&e)?,
        None => crate::codec::Encoding::Utf8,
    };
    let errs = match text(errors, "errors")? {
        Some(e) => crate::codec::errors(&e)?,
        None => crate::codec::Errors::Strict,
    };
    match crate::bytes::buffer(obj) {
        Some(b) => Ok(Value::string(crate::codec::decode(&b?, enc, errs)?)),
        None if obj.as_str().is_some() => Err(PyErr::type_error("decoding str is not supported")),
        None => Err(PyErr::type_error(format!(
            "decoding to str: need a bytes-like object, {} found",
            obj.type_name()
        ))),
    }
}

fn new_float(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("float")?;
    range_args(&args, "float", 0, 1)?;
    let Some(x) = args.pos.first() else {
        return Ok(Value::Float(0.0));
    };
    // A Python class's `__float__`, else its `__index__`.
    if let Some(r) = crate::dunder::number(vm, x, "__float__") {
        return r;
    }
    if let Some(r) = crate::dunder::number(vm, x, "__index__") {
        return ops::int_to_f64(&r?).map(Value::float);
    }
    // A C type's `nb_float`, else its `nb_index`.
    if let Some(r) =
        crate::dunder::c_number(vm, x, 'f', "__float__", |v| matches!(v, Value::Float(_)))?
    {
        return Ok(r);
    }
    if let Some(r) = crate::dunder::c_number(vm, x, 'x', "__index__", Value::is_int)? {
        return ops::int_to_f64(&r).map(Value::float);
    }
    match x {
        Value::Float(_) => Ok(x.clone()),
        _ if x.is_int() => ops::int_to_f64(x).map(Value::float),
        _ if crate::bytes::is_bytes_like(x) => crate::bytes::parse_float(vm, x),
        _ => match x.as_str() {
            Some(s) => format::parse_float(s)
                .map(Value::float)
                .map_err(ops::fmt_err),
            None => Err(PyErr::type_error(format!(
                "float() argument must be a string or a real number, not '{}'",
                x.type_name()
            ))),
        },
    }
}

/// `start`/`stop`/`step` of ranges and slices.
pub fn range_slice_attr(o: &ObjRef, name: &str) -> Option<Value> {
    if let Some(r) = o.downcast::<RangeObj>() {
        let [a, b, c] = r.bounds();
        return match name {
            "start" => Some(Value::from_bigint(a)),
            "stop" => Some(Value::from_bigint(b)),
            "step" => Some(Value::from_bigint(c)),
            _ => None,
        };
    }
    if let Some(s) = o.downcast::<SliceObj>() {
        return match name {
            "start" => Some(s.start.clone()),
            "stop" => Some(s.stop.clone()),
            "step" => Some(s.step.clone()),
            _ => None,
        };
    }
    None
}

// ----- builtin modules ---------------------------------------------------------------------

fn sys_exit(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("exit")?;
    range_args(&args, "exit", 0, 1)?;
    Err(PyErr::with_args(&types::SYSTEM_EXIT, args.pos.to_vec()))
}

/// `sys.getrefcount(x)`: the object's reference count, which (as in
/// CPython) includes the reference held by the call's argument. Values the
/// interpreter keeps unboxed (small ints, floats, bools, None) have no count
/// and report 1.
fn sys_getrefcount(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "getrefcount", 1)?;
    Ok(Value::Int(match &args.pos[0] {
        Value::Obj(o) => o.refcnt() as i64,
        _ => 1,
    }))
}

fn sys_getrecursionlimit(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "getrecursionlimit", 0)?;
    Ok(Value::Int(vm.config.recursion_limit as i64))
}

fn sys_setrecursionlimit(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "setrecursionlimit", 1)?;
    // CPython reads the limit as a C int.
    let n = as_index(&args.pos[0])
        .ok()
        .filter(|n| i32::try_from(*n).is_ok())
        .map_or_else(
            || {
                if args.pos[0].is_int() {
                    Err(PyErr::new(
                        &types::OVERFLOW_ERROR,
                        "Python int too large to convert to C int",
                    ))
                } else {
                    as_index(&args.pos[0])
                }
            },
            Ok,
        )?;
    if n < 1 {
        return Err(PyErr::value_error(
            "recursion limit must be greater or equal than 1",
        ));
    }
    vm.config.recursion_limit = n as usize;
    Ok(Value::None)
}

fn time_perf_counter(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "perf_counter", 0)?;
    let _ = vm;
    Ok(Value::Float(clock_start().elapsed().as_secs_f64()))
}

fn clock_start() -> std::time::Instant {
    thread_local! {
        static START: std::time::Instant = std::time::Instant::now();
    }
    START.with(|s| *s)
}

fn time_perf_counter_ns(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "perf_counter_ns", 0)?;
    Ok(Value::from_bigint(num_bigint::BigInt::from(
        clock_start().elapsed().as_nanos(),
    )))
}

fn time_time_ns(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "time_ns", 0)?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    Ok(Value::from_bigint(num_bigint::BigInt::from(now)))
}

/// `time.sleep(secs)`: interrupted by SIGINT as CPython's is (checked
/// every 50 ms).
fn time_sleep(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "sleep", 1)?;
    let secs = match &args.pos[0] {
        Value::Float(f) => *f,
        v if v.is_int() => ops::int_to_f64(v)?,
        v => {
            return Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                v.type_name()
            )));
        }
    };
    if secs.is_nan() {
        return Err(PyErr::value_error("Invalid value NaN (not a number)"));
    }
    if secs < 0.0 {
        return Err(PyErr::value_error("sleep length must be non-negative"));
    }
    let end = std::time::Instant::now() + std::time::Duration::from_secs_f64(secs.min(1e9));
    loop {
        let now = std::time::Instant::now();
        if now >= end {
            return Ok(Value::None);
        }
        std::thread::sleep((end - now).min(std::time::Duration::from_millis(50)));
        if abi::pending::any() {
            crate::eval::handle_pending()?;
        }
    }
}

fn time_time(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "time", 0)?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0);
    Ok(Value::Float(now))
}

/// Builds the built-in module `name` (`sys`, `time`, and the modules of
/// [`crate::stdlib`]), if it is one; `Some(Err)` when making it raised
/// (a module written in Python whose code failed, say).
pub fn builtin_module(vm: &mut Vm, name: &str) -> Option<PyResult<Value>> {
    if name == "builtins" {
        // The module's dict is the builtins themselves: a name set through
        // it is seen by every module, as in CPython.
        return Some(Ok(Value::Obj(ModuleObj::new_obj(
            name,
            vm.builtins.clone(),
        ))));
    }
    let d = vm.new_module_dict(name, None);
    let dd = d.downcast::<DictObj>()?;
    let f = |n: &'static str, f: crate::object::NativeFn| Value::Obj(Builtin::new_obj(n, f, None));
    match name {
        "sys" => {
            let argv = vm.config.argv.iter().map(|a| Value::str(a)).collect();
            dd.set_str("argv", Value::list(argv));
            dd.set_str("exit", f("exit", sys_exit));
            dd.set_str(
                "exc_info",
                f("exc_info", crate::stdlib::traceback::exc_info),
            );
            dd.set_str("maxsize", Value::Int(i64::MAX));
            dd.set_str(
                "getrecursionlimit",
                f("getrecursionlimit", sys_getrecursionlimit),
            );
            dd.set_str(
                "setrecursionlimit",
                f("setrecursionlimit", sys_setrecursionlimit),
            );
            dd.set_str("implementation_name", Value::str("typhon"));
            // The language version Typhon follows (a plain tuple, where
            // CPython's is a named one).
            dd.set_str(
                "version_info",
                Value::tuple(vec![
                    Value::Int(3),
                    Value::Int(11),
                    Value::Int(7),
                    Value::str("final"),
                    Value::Int(0),
                ]),
            );
            dd.set_str(
                "version",
                Value::string(format!("3.11.7 (Typhon {})", env!("CARGO_PKG_VERSION"))),
            );
            dd.set_str(
                "platform",
                Value::str(match std::env::consts::OS {
                    "macos" => "darwin",
                    "windows" => "win32",
                    os => os,
                }),
            );
            dd.set_str(
                "byteorder",
                Value::str(if cfg!(target_endian = "little") {
                    "little"
                } else {
                    "big"
                }),
            );
            dd.set_str("getrefcount", f("getrefcount", sys_getrefcount));
            let hook = f("displayhook", crate::introspect::displayhook);
            dd.set_str("displayhook", hook.clone());
            dd.set_str("__displayhook__", hook);
            dd.set_str("modules", Value::Obj(vm.modules.clone()));
            dd.set_str("path", Value::Obj(vm.sys_path.clone()));
            use crate::stdlib::streams::{Which, new_stream};
            for (name, which) in [
                ("stdin", Which::Stdin),
                ("stdout", Which::Stdout),
                ("stderr", Which::Stderr),
            ] {
                let s = Value::Obj(new_stream(which));
                dd.set_str(&format!("__{name}__"), s.clone());
                dd.set_str(name, s);
            }
        }
        "string" => {
            let lower = "abcdefghijklmnopqrstuvwxyz";
            let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
            let punct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
            let ws = " \t\n\r\x0b\x0c";
            dd.set_str("ascii_lowercase", Value::str(lower));
            dd.set_str("ascii_uppercase", Value::str(upper));
            dd.set_str("ascii_letters", Value::string(format!("{lower}{upper}")));
            dd.set_str("digits", Value::str("0123456789"));
            dd.set_str("hexdigits", Value::str("0123456789abcdefABCDEF"));
            dd.set_str("octdigits", Value::str("01234567"));
            dd.set_str("punctuation", Value::str(punct));
            dd.set_str("whitespace", Value::str(ws));
            dd.set_str(
                "printable",
                Value::string(format!("0123456789{lower}{upper}{punct}{ws}")),
            );
        }
        "time" => {
            let _ = clock_start();
            dd.set_str("perf_counter", f("perf_counter", time_perf_counter));
            dd.set_str("time", f("time", time_time));
            dd.set_str("monotonic", f("monotonic", time_perf_counter));
            dd.set_str("process_time", f("process_time", time_perf_counter));
            dd.set_str(
                "perf_counter_ns",
                f("perf_counter_ns", time_perf_counter_ns),
            );
            dd.set_str("monotonic_ns", f("monotonic_ns", time_perf_counter_ns));
            dd.set_str("time_ns", f("time_ns", time_time_ns));
            dd.set_str("sleep", f("sleep", time_sleep));
        }
        "gc" => {
            dd.set_str("collect", f("collect", gc_collect));
            dd.set_str("enable", f("enable", gc_enable));
            dd.set_str("disable", f("disable", gc_disable));
            dd.set_str("isenabled", f("isenabled", gc_isenabled));
            dd.set_str("is_tracked", f("is_tracked", gc_is_tracked));
        }
        "importlib" => crate::imports::fill_importlib(dd),
        "__future__" => {
            if let Err(e) = crate::stdlib::future::fill(vm, &d) {
                return Some(Err(e));
            }
        }
        "dataclasses" => {
            if let Err(e) = crate::stdlib::dataclasses::fill(vm, &d) {
                return Some(Err(e));
            }
        }
        "typing" => {
            if let Err(e) = crate::stdlib::typing::fill(vm, &d) {
                return Some(Err(e));
            }
        }
        _ if crate::stdlib::pysource::has(name) => {
            if let Err(e) = crate::stdlib::pysource::fill(vm, name, &d) {
                return Some(Err(e));
            }
        }
        _ => match crate::stdlib::fill_module(vm, name, dd)? {
            Ok(()) => {}
            Err(e) => return Some(Err(e)),
        },
    }
    Some(Ok(Value::Obj(ModuleObj::new_obj(name, d))))
}

/// `gc.collect(generation=2)`: a full collection (Typhon's collector has
/// one generation); the number of unreachable objects it found.
fn gc_collect(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = crate::stdlib::parse(
        &args,
        &crate::stdlib::Sig {
            name: "collect",
            params: &["generation"],
            posonly: 0,
            required: 0,
            kwonly: &[],
            style: crate::stdlib::Style::C,
        },
    )?;
    if let Some(g) = a.first().and_then(|g| g.as_ref()) {
        let Some(g) = ops::to_index(g) else {
            return Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                g.type_name()
            )));
        };
        if !(0..=2).contains(&g?) {
            return Err(PyErr::value_error("invalid generation"));
        }
    }
    Ok(Value::Int(crate::gc::collect() as i64))
}

/// The check of a `gc` function taking no arguments (METH_NOARGS).
fn gc_no_args(args: &Args<'_>, name: &str) -> PyResult<()> {
    args.no_kw(name)?;
    match args.pos.len() {
        0 => Ok(()),
        n => Err(PyErr::type_error(format!(
            "{name}() takes no arguments ({n} given)"
        ))),
    }
}

fn gc_enable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    gc_no_args(&args, "gc.enable")?;
    crate::gc::set_enabled(true);
    Ok(Value::None)
}

fn gc_disable(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    gc_no_args(&args, "gc.disable")?;
    crate::gc::set_enabled(false);
    Ok(Value::None)
}

fn gc_isenabled(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    gc_no_args(&args, "gc.isenabled")?;
    Ok(Value::Bool(crate::gc::is_enabled()))
}

/// `gc.is_tracked(obj)`: whether the collector follows `obj` (atoms and
/// containers of atoms are not followed, as in CPython).
fn gc_is_tracked(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    exact_args(&args, "gc.is_tracked", 1)?;
    Ok(Value::Bool(match &args.pos[0] {
        Value::Obj(o) => abi::gc_is_tracked(o),
        _ => false,
    }))
}

/// `reversed(v)` of a list, tuple, str, range or dict (or of a class
/// deriving from one, its `__reversed__` left out: `list.__reversed__`).
pub fn builtin_reversed(vm: &mut Vm, v: &Value) -> PyResult<Value> {
    match v {
        Value::Obj(o) if o.kind() == Kind::LIST => {
            let n = o
                .downcast::<ListObj>()
                .map(|l| l.items.borrow().len())
                .unwrap_or(0);
            Ok(Value::Obj(IterObj::new_obj(
                &types::LIST_REVITER,
                IterState::ListRev {
                    list: o.clone(),
                    left: n,
                },
            )))
        }
        Value::Obj(o)
            if matches!(
                o.kind(),
                Kind::TUPLE
                    | Kind::STR
                    | Kind::RANGE
                    | Kind::DICT
                    | Kind::BYTES
                    | Kind::BYTEARRAY
                    | Kind::MEMORYVIEW
            ) =>
        {
            let mut items = if o.kind() == Kind::DICT {
                o.downcast::<DictObj>()
                    .map(|d| d.keys())
                    .unwrap_or_default()
            } else {
                ops::collect(vm, v)?
            };
            items.reverse();
            let l = ListObj::new_obj(items);
            Ok(Value::Obj(IterObj::new_obj(
                &types::REVERSED,
                IterState::List { list: l, idx: 0 },
            )))
        }
        Value::Obj(o) if o.kind() == Kind::DEQUE => {
            crate::stdlib::collections::deque::iter(o, true).ok_or_else(|| {
                PyErr::type_error(format!("'{}' object is not reversible", v.type_name()))
            })
        }
        _ => Err(PyErr::type_error(format!(
            "'{}' object is not reversible",
            v.type_name()
        ))),
    }
}

impl Value {
    /// Whether the value's type is exactly `t`.
    pub fn is_type_exact(&self, t: &'static StaticType) -> bool {
        std::ptr::eq(self.type_of(), t.get())
    }
}
