//! `bisect`: CPython 3.11's `_bisect` (`bisect_left`, `bisect_right`,
//! `insort_left`, `insort_right`, with `lo`, `hi` and `key=`), reading
//! items by index and comparing with `<` as it does; `bisect` and
//! `insort` are the `_right` functions themselves.

use super::{Sig, Style, parse, ssize_arg};
use crate::bytecode::CmpOp;
use crate::object::{Args, Builtin, DictObj, ListObj, PyErr, PyResult, Value};
use crate::ops;
use crate::vm::Vm;

/// `a < b` as `PyObject_RichCompareBool(a, b, Py_LT)`.
fn lt(vm: &mut Vm, a: &Value, b: &Value) -> PyResult<bool> {
    let r = ops::compare(vm, CmpOp::Lt, a, b)?;
    ops::truthy(vm, &r)
}

/// The parsed `(a, x, lo, hi, key)`: `hi` is `None` for `len(a)`.
struct BisectArgs<'a> {
    a: &'a Value,
    x: &'a Value,
    lo: i64,
    hi: Option<i64>,
    key: Option<&'a Value>,
}

fn bisect_args<'a>(vm: &mut Vm, args: &Args<'a>, name: &'static str) -> PyResult<BisectArgs<'a>> {
    let p = parse(
        args,
        &Sig {
            name,
            params: &["a", "x", "lo", "hi"],
            posonly: 0,
            required: 2,
            kwonly: &["key"],
            style: Style::C,
        },
    )?;
    let lo = match p[2] {
        Some(v) => ssize_arg(vm, v)?,
        None => 0,
    };
    // `hi` accepts None; -1 also means `len(a)`, as in CPython.
    let hi = match p[3] {
        None | Some(Value::None) => None,
        Some(v) if v.is_int() || crate::dunder::special(v, "__index__").is_some() => {
            Some(ssize_arg(vm, v)?).filter(|h| *h != -1)
        }
        Some(v) => {
            return Err(PyErr::type_error(format!(
                "argument should be integer or None, not '{}'",
                v.type_name()
            )));
        }
    };
    Ok(BisectArgs {
        a: p[0].unwrap_or(&Value::None),
        x: p[1].unwrap_or(&Value::None),
        lo,
        hi,
        key: p[4].filter(|k| !matches!(k, Value::None)),
    })
}

/// The insertion point of `item` (already through `key`, if any) in
/// `a[lo:hi]`: after equal items (`right`) or before them.
fn search(
    vm: &mut Vm,
    a: &Value,
    item: &Value,
    lo: i64,
    hi: Option<i64>,
    key: Option<&Value>,
    right: bool,
) -> PyResult<i64> {
    if lo < 0 {
        return Err(PyErr::value_error("lo must be non-negative"));
    }
    let mut lo = lo;
    let mut hi = match hi {
        Some(h) => h,
        None => ops::len(vm, a)? as i64,
    };
    while lo < hi {
        let mid = ((lo as u64 + hi as u64) / 2) as i64;
        let mut litem = ops::getitem(vm, a, &Value::Int(mid))?;
        if let Some(k) = key {
            litem = vm.call(k, std::slice::from_ref(&litem))?;
        }
        if right {
            if lt(vm, item, &litem)? {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        } else if lt(vm, &litem, item)? {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    Ok(lo)
}

fn bisect(vm: &mut Vm, args: Args<'_>, name: &'static str, right: bool) -> PyResult<Value> {
    let b = bisect_args(vm, &args, name)?;
    search(vm, b.a, b.x, b.lo, b.hi, b.key, right).map(Value::Int)
}

fn insort(vm: &mut Vm, args: Args<'_>, name: &'static str, right: bool) -> PyResult<Value> {
    let b = bisect_args(vm, &args, name)?;
    let index = match b.key {
        None => search(vm, b.a, b.x, b.lo, b.hi, None, right)?,
        Some(k) => {
            let kx = vm.call(k, std::slice::from_ref(b.x))?;
            search(vm, b.a, &kx, b.lo, b.hi, Some(k), right)?
        }
    };
    match b.a.downcast::<ListObj>() {
        Some(l) => {
            let mut items = l.items.borrow_mut();
            crate::methods::room_for_one(&mut items)?;
            let at = (index.max(0) as usize).min(items.len());
            items.insert(at, b.x.clone());
        }
        None => {
            let f = vm.getattr(b.a, "insert")?;
            vm.call(&f, &[Value::Int(index), b.x.clone()])?;
        }
    }
    Ok(Value::None)
}

fn bisect_right(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    bisect(vm, args, "bisect_right", true)
}

fn bisect_left(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    bisect(vm, args, "bisect_left", false)
}

fn insort_right(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    insort(vm, args, "insort_right", true)
}

fn insort_left(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    insort(vm, args, "insort_left", false)
}

/// Fills the module dict (`bisect` and `insort` are the `_right`
/// functions, the same objects, as in CPython).
pub fn fill(d: &DictObj) {
    let right = Value::Obj(Builtin::new_obj("bisect_right", bisect_right, None));
    let insort = Value::Obj(Builtin::new_obj("insort_right", insort_right, None));
    d.set_str("bisect_right", right.clone());
    d.set_str("bisect", right);
    d.set_str(
        "bisect_left",
        Value::Obj(Builtin::new_obj("bisect_left", bisect_left, None)),
    );
    d.set_str("insort_right", insort.clone());
    d.set_str("insort", insort);
    d.set_str(
        "insort_left",
        Value::Obj(Builtin::new_obj("insort_left", insort_left, None)),
    );
}
