//! `heapq`: CPython 3.11's `_heapq` (`siftdown`/`siftup` exactly as
//! `Modules/_heapqmodule.c` moves items, comparing with `<` only, and its
//! "list changed size during iteration" check), and `nlargest`,
//! `nsmallest` and `merge` as `Lib/heapq.py` writes them, so the heap
//! after every operation, and the comparisons made, are CPython's.

use super::itertools::{ItObj, new_merge, with_merge};
use super::{Sig, Style, parse, positional};
use crate::bytecode::CmpOp;
use crate::methods;
use crate::object::types;
use crate::object::{
    Args, Builtin, DictObj, ListObj, NativeFn, ObjRef, PyErr, PyResult, SliceObj, StrObj, Value,
};
use crate::ops;
use crate::vm::Vm;

/// `a < b` as `PyObject_RichCompareBool(a, b, Py_LT)`.
fn lt(vm: &mut Vm, a: &Value, b: &Value) -> PyResult<bool> {
    let r = ops::compare(vm, CmpOp::Lt, a, b)?;
    ops::truthy(vm, &r)
}

fn changed_size() -> PyErr {
    PyErr::runtime_error("list changed size during iteration")
}

fn out_of_range() -> PyErr {
    PyErr::index_error("index out of range")
}

/// Two items of the heap, by position (they are there: the caller checked
/// the size).
fn pair(heap: &ListObj, i: usize, j: usize) -> PyResult<(Value, Value)> {
    let items = heap.items.borrow();
    match (items.get(i), items.get(j)) {
        (Some(a), Some(b)) => Ok((a.clone(), b.clone())),
        _ => Err(changed_size()),
    }
}

fn swap(heap: &ListObj, i: usize, j: usize) -> PyResult<()> {
    let mut items = heap.items.borrow_mut();
    if i.max(j) >= items.len() {
        return Err(changed_size());
    }
    items.swap(i, j);
    Ok(())
}

/// Moves the item at `pos` up towards `start` while it is smaller than
/// its parent (`max`: larger, for the max-heap variants).
fn sift_down(vm: &mut Vm, heap: &ListObj, start: usize, mut pos: usize, max: bool) -> PyResult<()> {
    let size = heap.items.borrow().len();
    if pos >= size {
        return Err(out_of_range());
    }
    while pos > start {
        let parentpos = (pos - 1) >> 1;
        let (newitem, parent) = pair(heap, pos, parentpos)?;
        let cmp = if max {
            lt(vm, &parent, &newitem)?
        } else {
            lt(vm, &newitem, &parent)?
        };
        if size != heap.items.borrow().len() {
            return Err(changed_size());
        }
        if !cmp {
            break;
        }
        swap(heap, parentpos, pos)?;
        pos = parentpos;
    }
    Ok(())
}

/// Moves the smaller child up from `pos` until a leaf, then sifts the
/// item that was at `pos` back up from there (`max`: the larger child).
fn sift_up(vm: &mut Vm, heap: &ListObj, mut pos: usize, max: bool) -> PyResult<()> {
    let endpos = heap.items.borrow().len();
    let startpos = pos;
    if pos >= endpos {
        return Err(out_of_range());
    }
    let limit = endpos >> 1;
    while pos < limit {
        let mut childpos = 2 * pos + 1;
        if childpos + 1 < endpos {
            let (a, b) = pair(heap, childpos, childpos + 1)?;
            let cmp = if max {
                lt(vm, &b, &a)?
            } else {
                lt(vm, &a, &b)?
            };
            if !cmp {
                childpos += 1;
            }
            if endpos != heap.items.borrow().len() {
                return Err(changed_size());
            }
        }
        swap(heap, childpos, pos)?;
        pos = childpos;
    }
    sift_down(vm, heap, startpos, pos, max)
}

/// `heapify`: bottom-up, or CPython's cache-friendly order for large
/// heaps (the same heap and comparisons, in another order).
fn heapify_list(vm: &mut Vm, heap: &ListObj, max: bool) -> PyResult<()> {
    let n = heap.items.borrow().len();
    if n > 2500 {
        let m = n >> 1;
        let leftmost = keep_top_bit(m + 1) - 1;
        let mhalf = m >> 1;
        let mut run = |lo: usize, hi: usize| -> PyResult<()> {
            // Each i in hi-1 down to lo, then its ancestors while it is
            // a left child... as CPython walks them.
            let mut i = hi;
            while i > lo {
                i -= 1;
                let mut j = i;
                loop {
                    sift_up(vm, heap, j, max)?;
                    if j & 1 == 0 {
                        break;
                    }
                    j >>= 1;
                }
            }
            Ok(())
        };
        run(mhalf, leftmost)?;
        run(leftmost, m)?;
        return Ok(());
    }
    for i in (0..n / 2).rev() {
        sift_up(vm, heap, i, max)?;
    }
    Ok(())
}

fn keep_top_bit(mut n: usize) -> usize {
    let mut i = 0;
    while n > 1 {
        n >>= 1;
        i += 1;
    }
    n << i
}

/// `heappop`: the smallest item (`max`: the largest).
fn heappop_list(vm: &mut Vm, heap: &ListObj, max: bool) -> PyResult<Value> {
    let last = heap.items.borrow_mut().pop().ok_or_else(out_of_range)?;
    let returned = {
        let mut items = heap.items.borrow_mut();
        match items.first_mut() {
            None => return Ok(last),
            Some(first) => std::mem::replace(first, last),
        }
    };
    sift_up(vm, heap, 0, max)?;
    Ok(returned)
}

/// `heapreplace`: the smallest item, replaced by `item`.
fn heapreplace_list(vm: &mut Vm, heap: &ListObj, item: Value, max: bool) -> PyResult<Value> {
    let returned = {
        let mut items = heap.items.borrow_mut();
        match items.first_mut() {
            None => return Err(out_of_range()),
            Some(first) => std::mem::replace(first, item),
        }
    };
    sift_up(vm, heap, 0, max)?;
    Ok(returned)
}

/// The list argument, or CPython's TypeError naming `what` (`argument 1`
/// or `argument`).
fn list_arg<'a>(v: &'a Value, name: &str, what: &str) -> PyResult<&'a ListObj> {
    v.downcast::<ListObj>().ok_or_else(|| {
        PyErr::type_error(format!(
            "{name}() {what} must be list, not {}",
            v.type_name()
        ))
    })
}

/// The single argument of a `METH_O` function of `_heapq`.
fn single<'a>(args: &Args<'a>, name: &str) -> PyResult<&'a ListObj> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "_heapq.{name}() takes no keyword arguments"
        )));
    }
    match args.pos {
        [v] => list_arg(v, name, "argument"),
        _ => Err(PyErr::type_error(format!(
            "_heapq.{name}() takes exactly one argument ({} given)",
            args.pos.len()
        ))),
    }
}

/// The `(heap, item)` of a two-argument function of `_heapq`.
fn heap_item<'a>(args: &Args<'a>, name: &str) -> PyResult<(&'a ListObj, &'a Value)> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(format!(
            "_heapq.{name}() takes no keyword arguments"
        )));
    }
    positional(args, name, 2, 2)?;
    Ok((list_arg(&args.pos[0], name, "argument 1")?, &args.pos[1]))
}

fn heappush(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (heap, item) = heap_item(&args, "heappush")?;
    let n = {
        let mut items = heap.items.borrow_mut();
        methods::room_for_one(&mut items)?;
        items.push(item.clone());
        items.len()
    };
    sift_down(vm, heap, 0, n - 1, false)?;
    Ok(Value::None)
}

fn heappop(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let heap = single(&args, "heappop")?;
    heappop_list(vm, heap, false)
}

fn heappop_max(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let heap = single(&args, "_heappop_max")?;
    heappop_list(vm, heap, true)
}

fn heapify(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let heap = single(&args, "heapify")?;
    heapify_list(vm, heap, false)?;
    Ok(Value::None)
}

fn heapify_max(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let heap = single(&args, "_heapify_max")?;
    heapify_list(vm, heap, true)?;
    Ok(Value::None)
}

fn heapreplace(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (heap, item) = heap_item(&args, "heapreplace")?;
    heapreplace_list(vm, heap, item.clone(), false)
}

fn heapreplace_max(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (heap, item) = heap_item(&args, "_heapreplace_max")?;
    heapreplace_list(vm, heap, item.clone(), true)
}

fn heappushpop(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (heap, item) = heap_item(&args, "heappushpop")?;
    let Some(top) = heap.items.borrow().first().cloned() else {
        return Ok(item.clone());
    };
    if !lt(vm, &top, item)? {
        return Ok(item.clone());
    }
    heapreplace_list(vm, heap, item.clone(), false)
}

// ----- nlargest, nsmallest --------------------------------------------------------------

/// The builtin `name` (`max`, `min`, `sorted`) as `heapq.py` finds it.
fn builtin(vm: &Vm, name: &str) -> PyResult<Value> {
    vm.builtins()
        .downcast::<DictObj>()
        .and_then(|d| d.get_str(name))
        .ok_or_else(|| PyErr::name_error(format!("name '{name}' is not defined")))
}

fn kw(name: &str, v: Value) -> (ObjRef, Value) {
    (StrObj::new_obj(name), v)
}

/// `nlargest(n, iterable, key=None)` and `nsmallest` (`largest` says
/// which), as `heapq.py` computes them.
fn n_best(vm: &mut Vm, args: Args<'_>, largest: bool) -> PyResult<Value> {
    let name = if largest { "nlargest" } else { "nsmallest" };
    let a = parse(
        &args,
        &Sig {
            name,
            params: &["n", "iterable", "key"],
            posonly: 0,
            required: 2,
            kwonly: &[],
            style: Style::Py,
        },
    )?;
    let n = a[0].cloned().unwrap_or(Value::None);
    let iterable = a[1].cloned().unwrap_or(Value::None);
    let key = a[2].cloned().unwrap_or(Value::None);
    // Short-cut for n == 1: max() or min() with a sentinel default.
    if ops::eq(vm, &n, &Value::Int(1))? {
        let it = ops::get_iter(vm, &iterable)?;
        let sentinel = Value::Obj(ObjRef::new(types::OBJECT.get(), ()));
        let f = builtin(vm, if largest { "max" } else { "min" })?;
        let kws = [kw("default", sentinel.clone()), kw("key", key)];
        let r = vm.call_with(
            &f,
            Args {
                pos: std::slice::from_ref(&it),
                kw: &kws,
            },
        )?;
        return Ok(Value::list(if r.is(&sentinel) {
            Vec::new()
        } else {
            vec![r]
        }));
    }
    // When n >= size, sorted() is the answer.
    match ops::len(vm, &iterable) {
        Ok(size) => {
            let ge = ops::compare(vm, CmpOp::Ge, &n, &Value::Int(size as i64))?;
            if ops::truthy(vm, &ge)? {
                let f = builtin(vm, "sorted")?;
                let kws = [kw("key", key), kw("reverse", Value::Bool(largest))];
                let sorted = vm.call_with(
                    &f,
                    Args {
                        pos: std::slice::from_ref(&iterable),
                        kw: &kws,
                    },
                )?;
                let upto = SliceObj::new_obj(Value::None, n, Value::None);
                return ops::getitem(vm, &sorted, &Value::Obj(upto));
            }
        }
        Err(e) if e.matches(types::TYPE_ERROR.get()) || e.matches(types::ATTRIBUTE_ERROR.get()) => {
        }
        Err(e) => return Err(e),
    }
    let it = ops::get_iter(vm, &iterable)?;
    // `zip(range(n), it)` (nsmallest) or `zip(range(0, -n, -1), it)`.
    let bound = if largest {
        ops::unary(vm, '-', &n)?
    } else {
        n.clone()
    };
    let bound = super::ssize_arg(vm, &bound).or_else(|e| {
        if e.matches(types::OVERFLOW_ERROR.get()) {
            Ok(if largest { i64::MIN } else { i64::MAX })
        } else {
            Err(e)
        }
    })?;
    let count = if largest {
        bound.saturating_neg()
    } else {
        bound
    };
    let with_key = !matches!(key, Value::None);
    let mut result = Vec::new();
    let mut i = 0i64;
    while i < count {
        let Some(elem) = ops::iter_next(vm, &it)? else {
            break;
        };
        let order = Value::Int(if largest { -i } else { i });
        result.push(if with_key {
            let k = vm.call(&key, std::slice::from_ref(&elem))?;
            Value::tuple(vec![k, order, elem])
        } else {
            Value::tuple(vec![elem, order])
        });
        i += 1;
    }
    if result.is_empty() {
        return Ok(Value::list(result));
    }
    let heap_obj = ListObj::new_obj(result);
    let Some(heap) = heap_obj.downcast::<ListObj>() else {
        return Ok(Value::list(Vec::new()));
    };
    // nsmallest keeps the n smallest in a max-heap, nlargest the n
    // largest in a min-heap; `top` is the one to beat.
    heapify_list(vm, heap, !largest)?;
    let top_of = |heap: &ListObj| -> Value {
        heap.items
            .borrow()
            .first()
            .and_then(ops::seq_items_checked)
            .and_then(|t| t.into_iter().next())
            .unwrap_or(Value::None)
    };
    let mut top = top_of(heap);
    let mut order = if largest { -count } else { count };
    while let Some(elem) = ops::iter_next(vm, &it)? {
        let k = if with_key {
            vm.call(&key, std::slice::from_ref(&elem))?
        } else {
            elem.clone()
        };
        let better = if largest {
            lt(vm, &top, &k)?
        } else {
            lt(vm, &k, &top)?
        };
        if better {
            let entry = if with_key {
                Value::tuple(vec![k, Value::Int(order), elem])
            } else {
                Value::tuple(vec![k, Value::Int(order)])
            };
            heapreplace_list(vm, heap, entry, !largest)?;
            top = top_of(heap);
            order += if largest { -1 } else { 1 };
        }
    }
    let mut items = heap.items.borrow().clone();
    methods::sort_values(vm, &mut items, None, largest)?;
    let last = if with_key { 2 } else { 0 };
    Ok(Value::list(
        items
            .iter()
            .filter_map(|t| ops::seq_items_checked(t).and_then(|t| t.get(last).cloned()))
            .collect(),
    ))
}

fn nlargest(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    n_best(vm, args, true)
}

fn nsmallest(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    n_best(vm, args, false)
}

// ----- merge ------------------------------------------------------------------------------

/// Where `heapq.merge`'s generator is (CPython's is a generator function,
/// so nothing runs before the first `next()`).
#[derive(Clone)]
enum Phase {
    /// Not started: the heap is built on the first step.
    Start,
    /// About to yield the value of the heap's top entry.
    Head,
    /// The top entry's value was yielded: its iterator advances next.
    Yielded,
    /// One iterator left, after its current value: `yield from` it.
    Tail(Value),
    Done,
}

/// The state of `heapq.merge(*iterables, key=None, reverse=False)`.
pub struct Merge {
    iterables: Vec<Value>,
    key: Option<Value>,
    reverse: Value,
    /// The heap of entries `[value, order, iterator]`, or `[key, order,
    /// value, iterator]` with a key function, as `heapq.py` builds them.
    heap: Option<ObjRef>,
    max: bool,
    phase: Phase,
}

impl Merge {
    /// Calls `v` on every value the state holds.
    pub(crate) fn for_each_ref(&self, v: &mut dyn FnMut(&Value)) {
        self.iterables.iter().for_each(&mut *v);
        if let Some(k) = &self.key {
            v(k);
        }
        v(&self.reverse);
        if let Some(h) = &self.heap {
            v(&Value::Obj(h.clone()));
        }
        if let Phase::Tail(t) = &self.phase {
            v(t);
        }
    }
}

fn merge(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let mut key = None;
    let mut reverse = Value::Bool(false);
    for (k, v) in args.kw {
        match k.downcast::<StrObj>().map(|s| s.as_str()) {
            Some("key") => key = Some(v.clone()).filter(|k| !matches!(k, Value::None)),
            Some("reverse") => reverse = v.clone(),
            other => {
                return Err(PyErr::type_error(format!(
                    "merge() got an unexpected keyword argument '{}'",
                    other.unwrap_or("?")
                )));
            }
        }
    }
    Ok(new_merge(Merge {
        iterables: args.pos.to_vec(),
        key,
        reverse,
        heap: None,
        max: false,
        phase: Phase::Start,
    }))
}

/// The next value of a merge; an exception ends it, as it ends a
/// generator.
pub(crate) fn merge_next(vm: &mut Vm, o: &ItObj) -> PyResult<Option<Value>> {
    let r = merge_step(vm, o);
    if !matches!(r, Ok(Some(_))) {
        with_merge(o, |m| m.phase = Phase::Done)?;
    }
    r
}

fn merge_step(vm: &mut Vm, o: &ItObj) -> PyResult<Option<Value>> {
    loop {
        let Some((phase, key, heap, max)) = with_merge(o, |m| {
            (m.phase.clone(), m.key.clone(), m.heap.clone(), m.max)
        })?
        else {
            return Ok(None);
        };
        let value_at = if key.is_some() { 2 } else { 0 };
        match phase {
            Phase::Start => {
                let Some((iterables, reverse)) =
                    with_merge(o, |m| (std::mem::take(&mut m.iterables), m.reverse.clone()))?
                else {
                    return Ok(None);
                };
                let max = ops::truthy(vm, &reverse)?;
                let direction = if max { -1 } else { 1 };
                let mut entries = Vec::new();
                for (order, iterable) in iterables.iter().enumerate() {
                    let it = ops::get_iter(vm, iterable)?;
                    let Some(value) = ops::iter_next(vm, &it)? else {
                        continue;
                    };
                    let order = Value::Int(order as i64 * direction);
                    entries.push(Value::list(match &key {
                        Some(k) => {
                            let kv = vm.call(k, std::slice::from_ref(&value))?;
                            vec![kv, order, value, it]
                        }
                        None => vec![value, order, it],
                    }));
                }
                let h = ListObj::new_obj(entries);
                if let Some(l) = h.downcast::<ListObj>() {
                    heapify_list(vm, l, max)?;
                }
                with_merge(o, |m| {
                    m.heap = Some(h);
                    m.max = max;
                    m.phase = Phase::Head;
                })?;
            }
            Phase::Head => {
                let Some(h) = heap.as_ref().and_then(|h| h.downcast::<ListObj>()) else {
                    return Ok(None);
                };
                let (len, top) = {
                    let items = h.items.borrow();
                    (items.len(), items.first().cloned())
                };
                let Some(entry) = top.and_then(|t| ops::seq_items_checked(&t)) else {
                    return Ok(None);
                };
                let value = entry.get(value_at).cloned().unwrap_or(Value::None);
                let next = if len > 1 {
                    Phase::Yielded
                } else {
                    Phase::Tail(entry.last().cloned().unwrap_or(Value::None))
                };
                with_merge(o, |m| m.phase = next)?;
                return Ok(Some(value));
            }
            Phase::Yielded => {
                let Some(h) = heap.as_ref().and_then(|h| h.downcast::<ListObj>()) else {
                    return Ok(None);
                };
                let Some(s) = h.items.borrow().first().cloned() else {
                    return Ok(None);
                };
                let Some(entry) = s.downcast::<ListObj>() else {
                    return Ok(None);
                };
                let it = entry.items.borrow().last().cloned().unwrap_or(Value::None);
                match ops::iter_next(vm, &it)? {
                    Some(value) => {
                        let k = match &key {
                            Some(k) => Some(vm.call(k, std::slice::from_ref(&value))?),
                            None => None,
                        };
                        {
                            let mut items = entry.items.borrow_mut();
                            match k {
                                Some(k) if items.len() == 4 => {
                                    items[0] = k;
                                    items[2] = value;
                                }
                                None if items.len() == 3 => items[0] = value,
                                _ => return Ok(None),
                            }
                        }
                        heapreplace_list(vm, h, s.clone(), max)?;
                    }
                    None => {
                        heappop_list(vm, h, max)?;
                    }
                }
                with_merge(o, |m| m.phase = Phase::Head)?;
            }
            Phase::Tail(it) => return ops::iter_next(vm, &it),
            Phase::Done => return Ok(None),
        }
    }
}

/// Fills the module dict.
pub fn fill(d: &DictObj) {
    let funcs: &[(&'static str, NativeFn)] = &[
        ("heappush", heappush),
        ("heappop", heappop),
        ("heapify", heapify),
        ("heapreplace", heapreplace),
        ("heappushpop", heappushpop),
        ("nlargest", nlargest),
        ("nsmallest", nsmallest),
        ("merge", merge),
        ("_heapify_max", heapify_max),
        ("_heappop_max", heappop_max),
        ("_heapreplace_max", heapreplace_max),
    ];
    for (name, f) in funcs {
        d.set_str(name, Value::Obj(Builtin::new_obj(name, *f, None)));
    }
}
