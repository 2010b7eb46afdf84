//! `collections.deque`: a native type (`Kind::DEQUE`, payload
//! [`DequeObj`]) after CPython 3.11's `Modules/_collectionsmodule.c`: a
//! double-ended queue with an optional `maxlen`, its iterators (which
//! raise `RuntimeError` once the deque changed under them), indexing,
//! comparisons, `+`, `*`, `+=`, `*=` (in `ops`, by kind), `repr`, copying
//! and the cycle collector's traversal. Classes may derive from it
//! (`crate::subclass`).

use crate::bytecode::BinOp;
use crate::object::types::{self, Kind, native_type};
use crate::object::{Args, DictObj, NativeFn, ObjRef, PyErr, PyResult, StaticType, Value};
use crate::ops;
use crate::stdlib::{Sig, Style, parse};
use crate::vm::Vm;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

/// A `deque`. The items are never borrowed across a call that can run
/// Python code (comparisons copy what they need first).
pub struct DequeObj {
    items: RefCell<VecDeque<Value>>,
    /// `None`: unbounded.
    maxlen: Cell<Option<usize>>,
    /// Bumped by every change of the items: an iterator that saw another
    /// value raises (CPython's `state`).
    state: Cell<u64>,
}

impl Default for DequeObj {
    fn default() -> Self {
        Self::new()
    }
}

impl DequeObj {
    /// An empty, unbounded deque.
    pub fn new() -> DequeObj {
        DequeObj {
            items: RefCell::new(VecDeque::new()),
            maxlen: Cell::new(None),
            state: Cell::new(0),
        }
    }

    fn changed(&self) {
        self.state.set(self.state.get().wrapping_add(1));
    }

    /// The number of items.
    pub fn len(&self) -> usize {
        self.items.borrow().len()
    }

    /// Whether the deque is empty.
    pub fn is_empty(&self) -> bool {
        self.items.borrow().is_empty()
    }

    /// A copy of the items, first to last.
    pub fn items(&self) -> Vec<Value> {
        self.items.borrow().iter().cloned().collect()
    }

    /// `maxlen`, if bounded.
    pub fn maxlen(&self) -> Option<usize> {
        self.maxlen.get()
    }

    /// Appends `v` on the right (`left`: on the left), dropping an item
    /// from the other end when the deque is full. The dropped item is
    /// returned, to be released after the borrow ended.
    fn push(&self, v: Value, left: bool) -> Option<Value> {
        let max = self.maxlen.get();
        if max == Some(0) {
            return Some(v);
        }
        let mut items = self.items.borrow_mut();
        let out = if left {
            items.push_front(v);
            if max.is_some_and(|m| items.len() > m) {
                items.pop_back()
            } else {
                None
            }
        } else {
            items.push_back(v);
            if max.is_some_and(|m| items.len() > m) {
                items.pop_front()
            } else {
                None
            }
        };
        drop(items);
        self.changed();
        out
    }

    /// Empties the deque (its items are released after the borrow ended).
    pub fn clear(&self) {
        let old = std::mem::take(&mut *self.items.borrow_mut());
        self.changed();
        drop(old);
    }
}

/// `collections.deque`.
pub static DEQUE: StaticType =
    native_type::<DequeObj>(c"collections.deque", &types::OBJECT, Kind::DEQUE);

/// The iterator over a deque's items, and the one from the last item
/// back (`reversed(d)`).
pub struct DequeIter {
    deque: RefCell<Option<ObjRef>>,
    /// The next position (from the end for a reverse iterator).
    index: Cell<usize>,
    /// Items left to give (0 once exhausted or failed).
    counter: Cell<usize>,
    /// The deque's `state` when the iterator was made.
    state: u64,
}

/// `_collections._deque_iterator`.
pub static DEQUE_ITER: StaticType =
    native_type::<DequeIter>(c"_collections._deque_iterator", &types::OBJECT, Kind::ITER);
/// `_collections._deque_reverse_iterator`.
pub static DEQUE_REVITER: StaticType = native_type::<DequeIter>(
    c"_collections._deque_reverse_iterator",
    &types::OBJECT,
    Kind::ITER,
);

/// The constructors, by type.
pub static CONSTRUCTORS: &[(&StaticType, NativeFn)] = &[(&DEQUE, new_deque)];

/// The methods (`d.append`, `deque.append`).
pub static METHODS: &[(&str, NativeFn)] = &[
    ("append", m_append),
    ("appendleft", m_appendleft),
    ("pop", m_pop),
    ("popleft", m_popleft),
    ("extend", m_extend),
    ("extendleft", m_extendleft),
    ("rotate", m_rotate),
    ("clear", m_clear),
    ("count", m_count),
    ("index", m_index),
    ("remove", m_remove),
    ("insert", m_insert),
    ("reverse", m_reverse),
    ("copy", m_copy),
    ("__copy__", m_copy),
    ("__reduce__", m_reduce),
];

/// The deque payload of `v` (a deque or an instance of a class deriving
/// from it).
pub fn payload(v: &Value) -> Option<&DequeObj> {
    v.downcast::<DequeObj>()
}

fn recv<'a>(args: &'a Args<'_>, name: &str) -> PyResult<(&'a Value, &'a DequeObj)> {
    let me = args.pos.first().ok_or_else(|| {
        PyErr::type_error(format!(
            "descriptor '{name}' of 'collections.deque' object needs an argument"
        ))
    })?;
    let d = payload(me).ok_or_else(|| {
        PyErr::type_error(format!(
            "descriptor '{name}' for 'collections.deque' objects doesn't apply to a '{}' object",
            me.type_name()
        ))
    })?;
    Ok((me, d))
}

/// The one argument of a method taking exactly one.
fn one_arg<'a>(args: &'a Args<'_>, name: &str) -> PyResult<&'a Value> {
    args.no_kw(name)?;
    match args.pos {
        [_, x] => Ok(x),
        _ => Err(PyErr::type_error(format!(
            "deque.{name}() takes exactly one argument ({} given)",
            args.pos.len().saturating_sub(1)
        ))),
    }
}

fn no_args(args: &Args<'_>, name: &str) -> PyResult<()> {
    args.no_kw(name)?;
    if args.pos.len() > 1 {
        return Err(PyErr::type_error(format!(
            "deque.{name}() takes no arguments ({} given)",
            args.pos.len() - 1
        )));
    }
    Ok(())
}

/// An integer argument (an int, or an object with `__index__`).
fn index_arg(vm: &mut Vm, v: &Value) -> PyResult<i64> {
    let i = crate::dunder::as_index(vm, v)?;
    match ops::to_index(&i) {
        Some(r) => r,
        None => Err(PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        ))),
    }
}

/// `deque(iterable=(), maxlen=None)`.
fn new_deque(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let o = ObjRef::new(DEQUE.get(), DequeObj::new());
    abi::gc_track(&o);
    let me = Value::Obj(o);
    init(vm, &me, args)?;
    Ok(me)
}

/// `deque.__init__(self, iterable=(), maxlen=None)`: sets `maxlen`,
/// empties the deque, then extends it.
pub fn init(vm: &mut Vm, me: &Value, args: Args<'_>) -> PyResult<()> {
    let p = parse(
        &args,
        &Sig {
            name: "deque",
            params: &["iterable", "maxlen"],
            posonly: 0,
            required: 0,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let Some(d) = payload(me) else {
        return Ok(());
    };
    let maxlen = match p[1] {
        None | Some(Value::None) => None,
        Some(m) => {
            if !m.is_int() && crate::subclass::number_value(m).is_none() {
                return Err(PyErr::type_error("an integer is required"));
            }
            let n = index_arg(vm, m)?;
            if n < 0 {
                return Err(PyErr::value_error("maxlen must be non-negative"));
            }
            Some(n as usize)
        }
    };
    d.maxlen.set(maxlen);
    if !d.is_empty() {
        d.clear();
    }
    if let Some(it) = p[0] {
        extend(vm, me, d, it, false)?;
    }
    Ok(())
}

/// Appends the items of `it` (`left`: each on the left).
fn extend(vm: &mut Vm, me: &Value, d: &DequeObj, it: &Value, left: bool) -> PyResult<()> {
    // Extending a deque with itself reads a copy of its items first.
    if it.is(me) {
        for v in d.items() {
            drop(d.push(v, left));
        }
        return Ok(());
    }
    let iter = ops::get_iter(vm, it)?;
    while let Some(v) = ops::iter_next(vm, &iter)? {
        drop(d.push(v, left));
    }
    Ok(())
}

fn m_append(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, d) = recv(&args, "append")?;
    let x = one_arg(&args, "append")?;
    drop(d.push(x.clone(), false));
    Ok(Value::None)
}

fn m_appendleft(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, d) = recv(&args, "appendleft")?;
    let x = one_arg(&args, "appendleft")?;
    drop(d.push(x.clone(), true));
    Ok(Value::None)
}

fn pop(args: &Args<'_>, name: &str, left: bool) -> PyResult<Value> {
    let (_, d) = recv(args, name)?;
    no_args(args, name)?;
    let v = {
        let mut items = d.items.borrow_mut();
        if left {
            items.pop_front()
        } else {
            items.pop_back()
        }
    };
    match v {
        Some(v) => {
            d.changed();
            Ok(v)
        }
        None => Err(PyErr::index_error("pop from an empty deque")),
    }
}

fn m_pop(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pop(&args, "pop", false)
}

fn m_popleft(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    pop(&args, "popleft", true)
}

fn m_extend(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, d) = recv(&args, "extend")?;
    let x = one_arg(&args, "extend")?;
    extend(vm, me, d, x, false)?;
    Ok(Value::None)
}

fn m_extendleft(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, d) = recv(&args, "extendleft")?;
    let x = one_arg(&args, "extendleft")?;
    extend(vm, me, d, x, true)?;
    Ok(Value::None)
}

/// `d.rotate(n=1)`: `n` steps to the right (left when negative).
fn m_rotate(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, d) = recv(&args, "rotate")?;
    args.no_kw("rotate")?;
    let n = match args.pos {
        [_] => 1,
        [_, n] => index_arg(vm, n)?,
        _ => {
            return Err(PyErr::type_error(format!(
                "rotate expected at most 1 argument, got {}",
                args.pos.len() - 1
            )));
        }
    };
    let mut items = d.items.borrow_mut();
    let len = items.len() as i64;
    if len > 1 {
        let k = n.rem_euclid(len) as usize;
        items.rotate_right(k);
    }
    drop(items);
    d.changed();
    Ok(Value::None)
}

fn m_clear(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, d) = recv(&args, "clear")?;
    no_args(&args, "clear")?;
    d.clear();
    Ok(Value::None)
}

fn mutated() -> PyErr {
    PyErr::new(&types::RUNTIME_ERROR, "deque mutated during iteration")
}

/// `d.count(x)`.
fn m_count(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, d) = recv(&args, "count")?;
    let x = one_arg(&args, "count")?;
    let state = d.state.get();
    let mut n = 0;
    for v in d.items() {
        let same = ops::same_or_eq(vm, &v, x)?;
        if d.state.get() != state {
            return Err(mutated());
        }
        if same {
            n += 1;
        }
    }
    Ok(Value::Int(n))
}

/// The position of the first item equal to `x` in `start..stop`.
fn find(
    vm: &mut Vm,
    d: &DequeObj,
    x: &Value,
    start: usize,
    stop: usize,
) -> PyResult<Option<usize>> {
    let state = d.state.get();
    let items = d.items();
    for (i, v) in items.iter().enumerate().take(stop).skip(start) {
        let same = ops::same_or_eq(vm, v, x)?;
        if d.state.get() != state {
            return Err(mutated());
        }
        if same {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

fn not_in(vm: &mut Vm, x: &Value) -> PyResult<PyErr> {
    Ok(PyErr::value_error(format!(
        "{} is not in deque",
        ops::repr(vm, x)?
    )))
}

/// `d.index(x, start=0, stop=sys.maxsize)`.
fn m_index(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, d) = recv(&args, "index")?;
    args.no_kw("index")?;
    let (x, rest) = match args.pos {
        [_, x, rest @ ..] if rest.len() <= 2 => (x, rest),
        _ => {
            return Err(PyErr::type_error(format!(
                "index expected at {} 3 arguments, got {}",
                if args.pos.len() < 2 { "least" } else { "most" },
                args.pos.len().saturating_sub(1)
            )));
        }
    };
    let len = d.len() as i64;
    let clamp = |i: i64| -> usize {
        let i = if i < 0 { (i + len).max(0) } else { i };
        i.min(len) as usize
    };
    let start = match rest.first() {
        Some(s) => clamp(index_arg(vm, s)?),
        None => 0,
    };
    let stop = match rest.get(1) {
        Some(s) => clamp(index_arg(vm, s)?),
        None => len as usize,
    };
    match find(vm, d, x, start, stop)? {
        Some(i) => Ok(Value::Int(i as i64)),
        None => Err(not_in(vm, x)?),
    }
}

/// `d.remove(x)`: the first item equal to `x`.
fn m_remove(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, d) = recv(&args, "remove")?;
    let x = one_arg(&args, "remove")?;
    let len = d.len();
    match find(vm, d, x, 0, len)? {
        Some(i) => {
            let old = d.items.borrow_mut().remove(i);
            d.changed();
            drop(old);
            Ok(Value::None)
        }
        None => Err(not_in(vm, x)?),
    }
}

/// `d.insert(i, x)`.
fn m_insert(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, d) = recv(&args, "insert")?;
    args.no_kw("insert")?;
    let [_, i, x] = args.pos else {
        return Err(PyErr::type_error(format!(
            "insert expected 2 arguments, got {}",
            args.pos.len().saturating_sub(1)
        )));
    };
    let i = index_arg(vm, i)?;
    let len = d.len();
    if d.maxlen.get() == Some(len) {
        return Err(PyErr::index_error("deque already at its maximum size"));
    }
    let at = if i < 0 {
        (i + len as i64).max(0) as usize
    } else {
        (i as usize).min(len)
    };
    d.items.borrow_mut().insert(at, x.clone());
    d.changed();
    Ok(Value::None)
}

fn m_reverse(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (_, d) = recv(&args, "reverse")?;
    no_args(&args, "reverse")?;
    d.items.borrow_mut().make_contiguous().reverse();
    d.changed();
    Ok(Value::None)
}

/// A new deque of `me`'s class holding `items`, with `me`'s `maxlen`
/// (`deque_copy`: a class deriving from deque is called with the deque
/// and its maxlen).
fn copy_of(vm: &mut Vm, me: &Value, d: &DequeObj) -> PyResult<Value> {
    if me.is_type_exact(&DEQUE) {
        let n = DequeObj::new();
        n.maxlen.set(d.maxlen.get());
        *n.items.borrow_mut() = d.items.borrow().clone();
        let o = ObjRef::new(DEQUE.get(), n);
        abi::gc_track(&o);
        return Ok(Value::Obj(o));
    }
    let maxlen = d.maxlen.get().map_or(Value::None, |m| Value::Int(m as i64));
    let cls = crate::builtins::type_value_of(me);
    vm.call(&cls, &[me.clone(), maxlen])
}

fn m_copy(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, d) = recv(&args, "copy")?;
    no_args(&args, "copy")?;
    copy_of(vm, me, d)
}

/// `d.__reduce__()`: `(type(d), ((), maxlen) or (), state, iter(d))`.
fn m_reduce(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (me, d) = recv(&args, "__reduce__")?;
    let state = match me.as_obj().and_then(ObjRef::instance_dict) {
        Some(dict) if dict.downcast::<DictObj>().is_some_and(|x| !x.is_empty()) => Value::Obj(dict),
        _ => Value::None,
    };
    let cargs = match d.maxlen.get() {
        Some(m) => Value::tuple(vec![Value::tuple(Vec::new()), Value::Int(m as i64)]),
        None => Value::tuple(Vec::new()),
    };
    let it = ops::get_iter(vm, me)?;
    Ok(Value::tuple(vec![
        crate::builtins::type_value_of(me),
        cargs,
        state,
        it,
    ]))
}

/// `d.maxlen` (the other attributes are the methods).
pub fn getattr(o: &ObjRef, name: &str) -> Option<Value> {
    let d = o.downcast::<DequeObj>()?;
    (name == "maxlen").then(|| d.maxlen.get().map_or(Value::None, |m| Value::Int(m as i64)))
}

/// `d.maxlen = v`: refused, as CPython's read-only member.
pub fn setattr(o: &ObjRef, name: &str) -> Option<PyErr> {
    o.downcast::<DequeObj>()?;
    (name == "maxlen").then(|| {
        PyErr::attribute_error(format!(
            "attribute 'maxlen' of '{}' objects is not writable",
            o.ty().name()
        ))
    })
}

// ----- the protocols (`ops`) ------------------------------------------------------------

/// The position `i` (negative from the end) of a deque of `len` items,
/// or CPython's IndexError.
fn position(i: i64, len: usize) -> PyResult<usize> {
    let j = if i < 0 { i + len as i64 } else { i };
    if j < 0 || j >= len as i64 {
        return Err(PyErr::index_error("deque index out of range"));
    }
    Ok(j as usize)
}

/// An index for `d[key]`: an int or an object with `__index__`, else
/// CPython's TypeError.
fn key_index(vm: &mut Vm, key: &Value) -> PyResult<i64> {
    if !key.is_int() && crate::subclass::number_value(key).is_none() {
        let k = crate::dunder::as_index(vm, key)?;
        if !k.is_int() {
            return Err(PyErr::type_error(format!(
                "sequence index must be integer, not '{}'",
                key.type_name()
            )));
        }
        return index_arg(vm, &k);
    }
    index_arg(vm, key)
}

/// `d[key]`.
pub fn getitem(vm: &mut Vm, d: &DequeObj, key: &Value) -> PyResult<Value> {
    let i = key_index(vm, key)?;
    let items = d.items.borrow();
    let j = position(i, items.len())?;
    Ok(items[j].clone())
}

/// `d[key] = value` (`Some`) or `del d[key]` (`None`).
pub fn setitem(vm: &mut Vm, d: &DequeObj, key: &Value, value: Option<Value>) -> PyResult<()> {
    let i = key_index(vm, key)?;
    let j = position(i, d.len())?;
    let old = match value {
        Some(v) => d
            .items
            .borrow_mut()
            .get_mut(j)
            .map(|slot| std::mem::replace(slot, v)),
        None => {
            let old = d.items.borrow_mut().remove(j);
            d.changed();
            old
        }
    };
    drop(old);
    Ok(())
}

/// `x in d`.
pub fn contains(vm: &mut Vm, d: &DequeObj, x: &Value) -> PyResult<bool> {
    let len = d.len();
    Ok(find(vm, d, x, 0, len)?.is_some())
}

/// `iter(d)` (`reverse`: `reversed(d)`).
pub fn iter(o: &ObjRef, reverse: bool) -> Option<Value> {
    let d = o.downcast::<DequeObj>()?;
    let t = if reverse { &DEQUE_REVITER } else { &DEQUE_ITER };
    let it = ObjRef::new(
        t.get(),
        DequeIter {
            deque: RefCell::new(Some(o.clone())),
            index: Cell::new(0),
            counter: Cell::new(d.len()),
            state: d.state.get(),
        },
    );
    abi::gc_track(&it);
    Some(Value::Obj(it))
}

/// `next(it)` for a deque iterator (`None`: `it` is not one).
pub fn next(it: &ObjRef) -> Option<PyResult<Option<Value>>> {
    let s = it.downcast::<DequeIter>()?;
    let reverse = it.is_type(&DEQUE_REVITER);
    let Some(o) = s.deque.borrow().clone() else {
        return Some(Ok(None));
    };
    let d = o.downcast::<DequeObj>()?;
    if d.state.get() != s.state {
        s.counter.set(0);
        return Some(Err(mutated()));
    }
    if s.counter.get() == 0 {
        return Some(Ok(None));
    }
    let i = s.index.get();
    let items = d.items.borrow();
    let at = if reverse {
        items.len().checked_sub(i + 1)
    } else {
        Some(i)
    };
    let v = at.and_then(|k| items.get(k)).cloned();
    drop(items);
    s.index.set(i + 1);
    s.counter.set(s.counter.get() - 1);
    Some(Ok(v))
}

/// The items of a deque and its `maxlen` (for `repr`).
pub fn repr_parts(o: &ObjRef) -> Option<(Vec<Value>, Option<usize>)> {
    let d = o.downcast::<DequeObj>()?;
    Some((d.items(), d.maxlen.get()))
}

/// `a + b`, `a * n` and `n * a` for a deque `a` (`None`: not a deque
/// operation): a copy of `a` (of its class, with its `maxlen`) extended.
pub fn binary_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> Option<PyResult<Value>> {
    match op {
        BinOp::Add => {
            let d = payload(a)?;
            Some((|| {
                let Some(other) = payload(b) else {
                    return Err(PyErr::type_error(format!(
                        "can only concatenate deque (not \"{}\") to deque",
                        b.type_name()
                    )));
                };
                let items = other.items();
                let new = copy_of(vm, a, d)?;
                if let Some(nd) = payload(&new) {
                    for v in items {
                        drop(nd.push(v, false));
                    }
                }
                Ok(new)
            })())
        }
        BinOp::Mul => {
            let (me, n) = match (payload(a), payload(b)) {
                (Some(_), _) if b.is_int() || crate::subclass::number_value(b).is_some() => (a, b),
                (_, Some(_)) if a.is_int() || crate::subclass::number_value(a).is_some() => (b, a),
                _ => return None,
            };
            let d = payload(me)?;
            Some((|| {
                let new = copy_of(vm, me, d)?;
                repeat(vm, &new, n)?;
                Ok(new)
            })())
        }
        _ => None,
    }
}

/// `d *= n` on the deque `d` itself.
fn repeat(vm: &mut Vm, me: &Value, n: &Value) -> PyResult<()> {
    let Some(d) = payload(me) else {
        return Ok(());
    };
    let n = index_arg(vm, n)?;
    if n <= 0 {
        d.clear();
        return Ok(());
    }
    let items = d.items();
    let len = items.len() as u128;
    if len == 0 {
        return Ok(());
    }
    // Only the last `maxlen` items of the repetition stay.
    let total = len * n as u128;
    let keep = d.maxlen.get().map_or(total, |m| (m as u128).min(total));
    if keep > (1 << 32) {
        return Err(PyErr::no_memory());
    }
    let first = total - keep;
    let new: VecDeque<Value> = (0..keep)
        .filter_map(|i| items.get(((first + i) % len) as usize).cloned())
        .collect();
    let old = std::mem::replace(&mut *d.items.borrow_mut(), new);
    d.changed();
    drop(old);
    Ok(())
}

/// `a += b` and `a *= n` on a deque `a` (`None`: not a deque operation).
pub fn inplace_op(vm: &mut Vm, op: BinOp, a: &Value, b: &Value) -> Option<PyResult<Value>> {
    let d = payload(a)?;
    match op {
        BinOp::Add => Some(extend(vm, a, d, b, false).map(|()| a.clone())),
        BinOp::Mul if b.is_int() || crate::subclass::number_value(b).is_some() => {
            Some(repeat(vm, a, b).map(|()| a.clone()))
        }
        _ => None,
    }
}

/// The references a deque or one of its iterators holds (`false`: `o`
/// is neither).
pub fn traverse(o: &ObjRef, f: &mut dyn FnMut(&ObjRef)) -> bool {
    if let Some(d) = o.downcast::<DequeObj>() {
        if let Ok(items) = d.items.try_borrow() {
            for v in items.iter() {
                if let Value::Obj(x) = v {
                    f(x);
                }
            }
        }
        return true;
    }
    if let Some(it) = o.downcast::<DequeIter>() {
        if let Ok(d) = it.deque.try_borrow()
            && let Some(d) = &*d
        {
            f(d);
        }
        return true;
    }
    false
}

/// Drops the references of a deque or deque iterator (the collector
/// breaking a cycle; `false`: `o` is neither).
pub fn clear(o: &ObjRef) -> bool {
    if let Some(d) = o.downcast::<DequeObj>() {
        let old = d
            .items
            .try_borrow_mut()
            .map(|mut v| std::mem::take(&mut *v));
        d.changed();
        drop(old);
        return true;
    }
    if let Some(it) = o.downcast::<DequeIter>() {
        let old = it.deque.try_borrow_mut().map(|mut d| d.take());
        drop(old);
        return true;
    }
    false
}
