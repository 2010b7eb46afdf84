//! `itertools`: CPython 3.11's iterators (`Modules/itertoolsmodule.c`),
//! step for step, so that what they consume from their inputs, when they
//! call the functions given to them, and their errors are CPython's.
//!
//! Every iterator is an [`ItObj`]: one state ([`It`]) behind a `RefCell`
//! that is never borrowed while Python code runs. A step copies out what
//! it needs (cheap: values are reference counted), releases the borrow,
//! calls into Python (`ops::iter_next`, a predicate, `+`), then borrows
//! again to store the new state; a state the collector cleared meanwhile
//! ([`It::Done`]) ends the iterator. The types are `Kind::ITER`, so
//! `iter()` returns them, `next()` and `for` step them (through the
//! generic FOR_ITER path: the quickened forms only know lists and
//! ranges) and `in` searches them.
//!
//! `groupby`'s `_grouper` iterators share their parent as in CPython:
//! the parent remembers which grouper is current (by address, as
//! CPython's borrowed `currgrouper`), and a grouper that is no longer the
//! current one is exhausted. `tee` keeps the values its iterators share in
//! a linked list of `_tee_dataobject`s of 57 values each (CPython's
//! `LINKCELLS`), so values every iterator has passed are freed.

use super::{Sig, Style, parse, positional, ssize_arg};
use crate::bytecode::BinOp;
use crate::object::types::{self, Kind, native_type};
use crate::object::{Args, Builtin, DictObj, NativeFn, ObjRef, PyErr, PyResult, StaticType, Value};
use crate::ops;
use crate::vm::Vm;
use std::cell::{Cell, RefCell};

/// An `itertools` iterator.
pub struct ItObj {
    state: RefCell<It>,
}

/// `groupby`'s state.
#[doc(hidden)]
pub struct GroupBy {
    it: Value,
    key: Option<Value>,
    tgtkey: Option<Value>,
    currkey: Option<Value>,
    currvalue: Option<Value>,
    /// The address of the current `_grouper` (0: none), as CPython's
    /// borrowed `currgrouper` pointer.
    currgrouper: usize,
}

/// The state of an iterator; the variant is its type.
#[doc(hidden)]
pub enum It {
    Count {
        cur: Value,
        step: Value,
    },
    Cycle {
        it: Option<Value>,
        saved: Vec<Value>,
        index: usize,
    },
    Repeat {
        obj: Value,
        /// Repetitions left; `None` forever.
        left: Option<i64>,
    },
    Accumulate {
        it: Value,
        func: Option<Value>,
        total: Option<Value>,
        initial: Option<Value>,
    },
    Chain {
        source: Option<Value>,
        active: Option<Value>,
    },
    Compress {
        data: Value,
        selectors: Value,
    },
    DropWhile {
        pred: Value,
        it: Value,
        started: bool,
    },
    TakeWhile {
        pred: Value,
        it: Value,
        stopped: bool,
    },
    FilterFalse {
        pred: Value,
        it: Value,
    },
    GroupBy(Box<GroupBy>),
    Grouper {
        parent: ObjRef,
        tgtkey: Value,
    },
    Islice {
        it: Option<Value>,
        next: i64,
        /// `None`: no stop.
        stop: Option<i64>,
        step: i64,
        cnt: i64,
    },
    Pairwise {
        it: Option<Value>,
        old: Option<Value>,
    },
    Starmap {
        func: Value,
        it: Value,
    },
    Tee {
        data: ObjRef,
        index: usize,
    },
    ZipLongest {
        its: Vec<Option<Value>>,
        active: usize,
        fill: Value,
    },
    Product {
        /// The distinct pools; pool `i` is `pools[i % pools.len()]`.
        pools: Vec<Vec<Value>>,
        npools: usize,
        indices: Vec<usize>,
        /// The last tuple's items (`None` before the first).
        result: Option<Vec<Value>>,
    },
    Permutations {
        pool: Vec<Value>,
        indices: Vec<usize>,
        cycles: Vec<usize>,
        r: usize,
        result: Option<Vec<Value>>,
    },
    Combinations {
        pool: Vec<Value>,
        indices: Vec<usize>,
        r: usize,
        result: Option<Vec<Value>>,
    },
    CombinationsWithReplacement {
        pool: Vec<Value>,
        indices: Vec<usize>,
        r: usize,
        result: Option<Vec<Value>>,
    },
    /// `heapq.merge` (a generator in CPython's `heapq.py`).
    Merge(Box<super::heapq::Merge>),
    /// Exhausted for good (or cleared by the collector).
    Done,
}

macro_rules! iter_types {
    ($($(#[$m:meta])* $id:ident, $name:literal;)*) => {
        $( $(#[$m])* pub static $id: StaticType = native_type::<ItObj>($name, &types::OBJECT, Kind::ITER); )*
    };
}

iter_types! {
    /// `itertools.count`
    COUNT, c"itertools.count";
    /// `itertools.cycle`
    CYCLE, c"itertools.cycle";
    /// `itertools.repeat`
    REPEAT, c"itertools.repeat";
    /// `itertools.accumulate`
    ACCUMULATE, c"itertools.accumulate";
    /// `itertools.chain`
    CHAIN, c"itertools.chain";
    /// `itertools.compress`
    COMPRESS, c"itertools.compress";
    /// `itertools.dropwhile`
    DROPWHILE, c"itertools.dropwhile";
    /// `itertools.takewhile`
    TAKEWHILE, c"itertools.takewhile";
    /// `itertools.filterfalse`
    FILTERFALSE, c"itertools.filterfalse";
    /// `itertools.groupby`
    GROUPBY, c"itertools.groupby";
    /// `itertools._grouper`: a group of `groupby`.
    GROUPER, c"itertools._grouper";
    /// `itertools.islice`
    ISLICE, c"itertools.islice";
    /// `itertools.pairwise`
    PAIRWISE, c"itertools.pairwise";
    /// `itertools.starmap`
    STARMAP, c"itertools.starmap";
    /// `itertools._tee`: one of `tee()`'s iterators.
    TEE, c"itertools._tee";
    /// `itertools.zip_longest`
    ZIP_LONGEST, c"itertools.zip_longest";
    /// `itertools.product`
    PRODUCT, c"itertools.product";
    /// `itertools.permutations`
    PERMUTATIONS, c"itertools.permutations";
    /// `itertools.combinations`
    COMBINATIONS, c"itertools.combinations";
    /// `itertools.combinations_with_replacement`
    CWR, c"itertools.combinations_with_replacement";
    /// What `heapq.merge` returns (a generator in CPython).
    MERGE, c"heapq.merge";
}

/// The values `tee` iterators share: up to [`LINKCELLS`] of them, then a
/// link to the next block, made when the first iterator gets there.
pub struct TeeData {
    it: RefCell<Option<Value>>,
    values: RefCell<Vec<Value>>,
    running: Cell<bool>,
    next: RefCell<Option<ObjRef>>,
}

/// `itertools._tee_dataobject`
pub static TEE_DATA: StaticType =
    native_type::<TeeData>(c"itertools._tee_dataobject", &types::OBJECT, Kind::STDLIB);

/// Values per `_tee_dataobject` (CPython's `LINKCELLS`).
const LINKCELLS: usize = 57;

impl Drop for TeeData {
    /// Frees a long chain of blocks one after the other, not by recursion
    /// (an iterator far ahead of another leaves thousands of blocks).
    fn drop(&mut self) {
        let mut next = self.next.get_mut().take();
        while let Some(n) = next {
            if n.refcnt() != 1 {
                break;
            }
            next = n
                .downcast::<TeeData>()
                .and_then(|d| d.next.try_borrow_mut().ok().and_then(|mut x| x.take()));
            drop(n);
        }
    }
}

fn new_tee_data(it: Value) -> ObjRef {
    let o = ObjRef::new(
        TEE_DATA.get(),
        TeeData {
            it: RefCell::new(Some(it)),
            values: RefCell::new(Vec::new()),
            running: Cell::new(false),
            next: RefCell::new(None),
        },
    );
    abi::gc_track(&o);
    o
}

fn new_iter(t: &'static StaticType, state: It) -> Value {
    let o = ObjRef::new(
        t.get(),
        ItObj {
            state: RefCell::new(state),
        },
    );
    abi::gc_track(&o);
    Value::Obj(o)
}

/// Runs `f` on the state of `heapq.merge`'s iterator (`None`: it was
/// cleared).
pub(crate) fn with_merge<R>(
    o: &ItObj,
    f: impl FnOnce(&mut super::heapq::Merge) -> R,
) -> PyResult<Option<R>> {
    with(o, |s| match s {
        It::Merge(m) => Some(f(m)),
        _ => None,
    })
}

/// Makes `heapq.merge`'s iterator.
pub(crate) fn new_merge(m: super::heapq::Merge) -> Value {
    new_iter(&MERGE, It::Merge(Box::new(m)))
}

/// The constructors, by type.
pub static CONSTRUCTORS: &[(&StaticType, NativeFn)] = &[
    (&COUNT, new_count),
    (&CYCLE, new_cycle),
    (&REPEAT, new_repeat),
    (&ACCUMULATE, new_accumulate),
    (&CHAIN, new_chain),
    (&COMPRESS, new_compress),
    (&DROPWHILE, new_dropwhile),
    (&TAKEWHILE, new_takewhile),
    (&FILTERFALSE, new_filterfalse),
    (&GROUPBY, new_groupby),
    (&ISLICE, new_islice),
    (&PAIRWISE, new_pairwise),
    (&STARMAP, new_starmap),
    (&ZIP_LONGEST, new_zip_longest),
    (&PRODUCT, new_product),
    (&PERMUTATIONS, new_permutations),
    (&COMBINATIONS, new_combinations),
    (&CWR, new_cwr),
];

/// Fills the module dict.
pub fn fill(d: &DictObj) {
    let public: &[(&str, &'static StaticType)] = &[
        ("count", &COUNT),
        ("cycle", &CYCLE),
        ("repeat", &REPEAT),
        ("accumulate", &ACCUMULATE),
        ("chain", &CHAIN),
        ("compress", &COMPRESS),
        ("dropwhile", &DROPWHILE),
        ("takewhile", &TAKEWHILE),
        ("filterfalse", &FILTERFALSE),
        ("groupby", &GROUPBY),
        ("_grouper", &GROUPER),
        ("islice", &ISLICE),
        ("pairwise", &PAIRWISE),
        ("starmap", &STARMAP),
        ("_tee", &TEE),
        ("_tee_dataobject", &TEE_DATA),
        ("zip_longest", &ZIP_LONGEST),
        ("product", &PRODUCT),
        ("permutations", &PERMUTATIONS),
        ("combinations", &COMBINATIONS),
        ("combinations_with_replacement", &CWR),
    ];
    for (name, t) in public {
        d.set_str(name, Value::from_type(t));
    }
    d.set_str("tee", Value::Obj(Builtin::new_obj("tee", tee, None)));
}

// ----- stepping ------------------------------------------------------------------------

/// The state could not be borrowed: only a step re-entered while it holds
/// the borrow, which no step does (they release it before calling out).
fn busy() -> PyErr {
    PyErr::runtime_error("iterator is already running")
}

/// Runs `f` on the iterator's state under a short borrow.
fn with<R>(o: &ItObj, f: impl FnOnce(&mut It) -> R) -> PyResult<R> {
    let mut st = o.state.try_borrow_mut().map_err(|_| busy())?;
    Ok(f(&mut st))
}

/// What the state holds for the step (a pattern of the state and what to
/// copy out); the iterator is exhausted if it is in another state.
macro_rules! get {
    ($o:expr, $p:pat => $e:expr) => {
        match with($o, |s| match s {
            $p => Some($e),
            _ => None,
        })? {
            Some(v) => v,
            None => return Ok(None),
        }
    };
}

/// Updates the state if it is still in the given one.
macro_rules! set {
    ($o:expr, $p:pat => $e:expr) => {
        with($o, |s| {
            if let $p = s {
                $e;
            }
        })?
    };
}

/// The next item of `it` if it is an `itertools` iterator.
pub fn next(vm: &mut Vm, it: &ObjRef) -> Option<PyResult<Option<Value>>> {
    let o = it.downcast::<ItObj>()?;
    Some(step(vm, it, o))
}

#[derive(Clone, Copy)]
enum Tag {
    Count,
    Cycle,
    Repeat,
    Accumulate,
    Chain,
    Compress,
    DropWhile,
    TakeWhile,
    FilterFalse,
    GroupBy,
    Grouper,
    Islice,
    Pairwise,
    Starmap,
    Tee,
    ZipLongest,
    Pure,
    Merge,
    Done,
}

fn step(vm: &mut Vm, me: &ObjRef, o: &ItObj) -> PyResult<Option<Value>> {
    // Iterators nested in iterators recurse here: deep nesting is a
    // RecursionError, never a native stack overflow.
    vm.check_native_stack()?;
    let tag = with(o, |s| match s {
        It::Count { .. } => Tag::Count,
        It::Cycle { .. } => Tag::Cycle,
        It::Repeat { .. } => Tag::Repeat,
        It::Accumulate { .. } => Tag::Accumulate,
        It::Chain { .. } => Tag::Chain,
        It::Compress { .. } => Tag::Compress,
        It::DropWhile { .. } => Tag::DropWhile,
        It::TakeWhile { .. } => Tag::TakeWhile,
        It::FilterFalse { .. } => Tag::FilterFalse,
        It::GroupBy(_) => Tag::GroupBy,
        It::Grouper { .. } => Tag::Grouper,
        It::Islice { .. } => Tag::Islice,
        It::Pairwise { .. } => Tag::Pairwise,
        It::Starmap { .. } => Tag::Starmap,
        It::Tee { .. } => Tag::Tee,
        It::ZipLongest { .. } => Tag::ZipLongest,
        It::Product { .. }
        | It::Permutations { .. }
        | It::Combinations { .. }
        | It::CombinationsWithReplacement { .. } => Tag::Pure,
        It::Merge(_) => Tag::Merge,
        It::Done => Tag::Done,
    })?;
    match tag {
        Tag::Count => count_next(vm, o),
        Tag::Cycle => cycle_next(vm, o),
        Tag::Repeat => Ok(get!(o, It::Repeat { obj, left } => match left {
            None => Some(obj.clone()),
            Some(n) if *n <= 0 => None,
            Some(n) => {
                *n -= 1;
                Some(obj.clone())
            }
        })),
        Tag::Accumulate => accumulate_next(vm, o),
        Tag::Chain => chain_next(vm, o),
        Tag::Compress => {
            let (data, selectors) =
                get!(o, It::Compress { data, selectors } => (data.clone(), selectors.clone()));
            loop {
                let Some(datum) = ops::iter_next(vm, &data)? else {
                    return Ok(None);
                };
                let Some(selector) = ops::iter_next(vm, &selectors)? else {
                    return Ok(None);
                };
                if ops::truthy(vm, &selector)? {
                    return Ok(Some(datum));
                }
            }
        }
        Tag::DropWhile => loop {
            let (pred, it, started) = get!(o, It::DropWhile { pred, it, started } =>
                (pred.clone(), it.clone(), *started));
            let Some(item) = ops::iter_next(vm, &it)? else {
                return Ok(None);
            };
            if started {
                return Ok(Some(item));
            }
            let good = vm.call(&pred, std::slice::from_ref(&item))?;
            if !ops::truthy(vm, &good)? {
                set!(o, It::DropWhile { started, .. } => *started = true);
                return Ok(Some(item));
            }
        },
        Tag::TakeWhile => {
            let (pred, it, stopped) = get!(o, It::TakeWhile { pred, it, stopped } =>
                (pred.clone(), it.clone(), *stopped));
            if stopped {
                return Ok(None);
            }
            let Some(item) = ops::iter_next(vm, &it)? else {
                return Ok(None);
            };
            let good = vm.call(&pred, std::slice::from_ref(&item))?;
            if ops::truthy(vm, &good)? {
                return Ok(Some(item));
            }
            set!(o, It::TakeWhile { stopped, .. } => *stopped = true);
            Ok(None)
        }
        Tag::FilterFalse => {
            let (pred, it) = get!(o, It::FilterFalse { pred, it } => (pred.clone(), it.clone()));
            let plain = matches!(pred, Value::None) || pred.is(&Value::from_type(&types::BOOL));
            loop {
                let Some(item) = ops::iter_next(vm, &it)? else {
                    return Ok(None);
                };
                let ok = if plain {
                    ops::truthy(vm, &item)?
                } else {
                    let good = vm.call(&pred, std::slice::from_ref(&item))?;
                    ops::truthy(vm, &good)?
                };
                if !ok {
                    return Ok(Some(item));
                }
            }
        }
        Tag::GroupBy => groupby_next(vm, me, o),
        Tag::Grouper => grouper_next(vm, me, o),
        Tag::Islice => islice_next(vm, o),
        Tag::Pairwise => pairwise_next(vm, o),
        Tag::Starmap => {
            let (func, it) = get!(o, It::Starmap { func, it } => (func.clone(), it.clone()));
            let Some(item) = ops::iter_next(vm, &it)? else {
                return Ok(None);
            };
            let args = match item.kind() {
                Kind::TUPLE => ops::seq_items(&item),
                _ => ops::collect(vm, &item)?,
            };
            vm.call(&func, &args).map(Some)
        }
        Tag::Tee => tee_next(vm, o),
        Tag::ZipLongest => zip_longest_next(vm, o),
        Tag::Pure => with(o, combinatoric_next),
        Tag::Merge => super::heapq::merge_next(vm, o),
        Tag::Done => Ok(None),
    }
}

fn count_next(vm: &mut Vm, o: &ItObj) -> PyResult<Option<Value>> {
    let (cur, step) = get!(o, It::Count { cur, step } => (cur.clone(), step.clone()));
    let next = ops::binary_op(vm, BinOp::Add, &cur, &step)?;
    set!(o, It::Count { cur: c, .. } => *c = next);
    Ok(Some(cur))
}

fn cycle_next(vm: &mut Vm, o: &ItObj) -> PyResult<Option<Value>> {
    let it = get!(o, It::Cycle { it, .. } => it.clone());
    if let Some(it) = it {
        match ops::iter_next(vm, &it)? {
            Some(item) => {
                let copy = item.clone();
                set!(o, It::Cycle { saved, .. } => saved.push(copy));
                return Ok(Some(item));
            }
            None => set!(o, It::Cycle { it, .. } => *it = None),
        }
    }
    Ok(get!(o, It::Cycle { saved, index, .. } => {
        if saved.is_empty() {
            None
        } else {
            let item = saved.get(*index).cloned();
            *index = (*index + 1) % saved.len();
            item
        }
    }))
}

fn accumulate_next(vm: &mut Vm, o: &ItObj) -> PyResult<Option<Value>> {
    let (it, func, total, initial) = get!(o, It::Accumulate { it, func, total, initial } =>
        (it.clone(), func.clone(), total.clone(), initial.take()));
    if let Some(init) = initial {
        let copy = init.clone();
        set!(o, It::Accumulate { total, .. } => *total = Some(copy));
        return Ok(Some(init));
    }
    let Some(val) = ops::iter_next(vm, &it)? else {
        return Ok(None);
    };
    let new = match total {
        None => val,
        Some(total) => match func {
            None => ops::binary_op(vm, BinOp::Add, &total, &val)?,
            Some(f) => vm.call(&f, &[total, val])?,
        },
    };
    let copy = new.clone();
    set!(o, It::Accumulate { total, .. } => *total = Some(copy));
    Ok(Some(new))
}

fn chain_next(vm: &mut Vm, o: &ItObj) -> PyResult<Option<Value>> {
    loop {
        let (source, active) =
            get!(o, It::Chain { source, active } => (source.clone(), active.clone()));
        let Some(source) = source else {
            return Ok(None);
        };
        let active = match active {
            Some(a) => a,
            None => {
                let next = ops::iter_next(vm, &source)
                    .and_then(|x| x.map(|it| ops::get_iter(vm, &it)).transpose());
                match next {
                    Ok(Some(a)) => {
                        let copy = a.clone();
                        set!(o, It::Chain { active, .. } => *active = Some(copy));
                        a
                    }
                    // No more iterables, or one that is not iterable:
                    // the chain ends (after the error).
                    r => {
                        set!(o, It::Chain { source, .. } => *source = None);
                        return r.map(|_| None);
                    }
                }
            }
        };
        match ops::iter_next(vm, &active)? {
            Some(item) => return Ok(Some(item)),
            None => set!(o, It::Chain { active, .. } => *active = None),
        }
    }
}

/// One step of `groupby`'s underlying iterator: the next value and its
/// key become current (`false`: the iterator is exhausted).
fn groupby_step(vm: &mut Vm, o: &ItObj) -> PyResult<bool> {
    let Some((it, key)) = with(o, |s| match s {
        It::GroupBy(g) => Some((g.it.clone(), g.key.clone())),
        _ => None,
    })?
    else {
        return Ok(false);
    };
    let Some(value) = ops::iter_next(vm, &it)? else {
        return Ok(false);
    };
    let newkey = match &key {
        None => value.clone(),
        Some(f) => vm.call(f, std::slice::from_ref(&value))?,
    };
    with(o, |s| {
        if let It::GroupBy(g) = s {
            g.currvalue = Some(value);
            g.currkey = Some(newkey);
        }
    })?;
    Ok(true)
}

fn groupby_next(vm: &mut Vm, me: &ObjRef, o: &ItObj) -> PyResult<Option<Value>> {
    set!(o, It::GroupBy(g) => g.currgrouper = 0);
    // Skip to the next group.
    loop {
        let (currkey, tgtkey) = get!(o, It::GroupBy(g) => (g.currkey.clone(), g.tgtkey.clone()));
        if let Some(currkey) = currkey {
            match tgtkey {
                None => break,
                Some(tgt) => {
                    if !ops::same_or_eq(vm, &tgt, &currkey)? {
                        break;
                    }
                }
            }
        }
        if !groupby_step(vm, o)? {
            return Ok(None);
        }
    }
    let Some(currkey) = get!(o, It::GroupBy(g) => g.currkey.clone()) else {
        return Ok(None);
    };
    let grouper = new_iter(
        &GROUPER,
        It::Grouper {
            parent: me.clone(),
            tgtkey: currkey.clone(),
        },
    );
    let addr = grouper.as_obj().map_or(0, |g| g.as_ptr() as usize);
    let tgt = currkey.clone();
    with(o, |s| {
        if let It::GroupBy(g) = s {
            g.tgtkey = Some(tgt);
            g.currgrouper = addr;
        }
    })?;
    Ok(Some(Value::tuple(vec![currkey, grouper])))
}

fn grouper_next(vm: &mut Vm, me: &ObjRef, o: &ItObj) -> PyResult<Option<Value>> {
    let (parent, tgtkey) =
        get!(o, It::Grouper { parent, tgtkey } => (parent.clone(), tgtkey.clone()));
    let Some(p) = parent.downcast::<ItObj>() else {
        return Ok(None);
    };
    let Some((current, has_value)) = with(p, |s| match s {
        It::GroupBy(g) => Some((g.currgrouper, g.currvalue.is_some())),
        _ => None,
    })?
    else {
        return Ok(None);
    };
    if current != me.as_ptr() as usize {
        return Ok(None);
    }
    if !has_value && !groupby_step(vm, p)? {
        return Ok(None);
    }
    let Some(Some(currkey)) = with(p, |s| match s {
        It::GroupBy(g) => Some(g.currkey.clone()),
        _ => None,
    })?
    else {
        return Ok(None);
    };
    if !ops::same_or_eq(vm, &tgtkey, &currkey)? {
        return Ok(None);
    }
    with(p, |s| match s {
        It::GroupBy(g) => {
            g.currkey = None;
            g.currvalue.take()
        }
        _ => None,
    })
}

fn islice_next(vm: &mut Vm, o: &ItObj) -> PyResult<Option<Value>> {
    let Some(it) = get!(o, It::Islice { it, .. } => it.clone()) else {
        return Ok(None);
    };
    // Reads the next item; exhaustion or an error ends the islice.
    let pull = |vm: &mut Vm| -> PyResult<Option<Value>> {
        match ops::iter_next(vm, &it) {
            Ok(Some(v)) => Ok(Some(v)),
            r => {
                set!(o, It::Islice { it, .. } => *it = None);
                r
            }
        }
    };
    loop {
        let (cnt, next) = get!(o, It::Islice { cnt, next, .. } => (*cnt, *next));
        if cnt >= next {
            break;
        }
        if pull(vm)?.is_none() {
            return Ok(None);
        }
        set!(o, It::Islice { cnt, .. } => *cnt += 1);
    }
    let (cnt, stop) = get!(o, It::Islice { cnt, stop, .. } => (*cnt, *stop));
    if stop.is_some_and(|s| cnt >= s) {
        set!(o, It::Islice { it, .. } => *it = None);
        return Ok(None);
    }
    let Some(item) = pull(vm)? else {
        return Ok(None);
    };
    set!(o, It::Islice { cnt, next, stop, step, .. } => {
        *cnt += 1;
        let advanced = next.checked_add(*step);
        *next = match (advanced, *stop) {
            (Some(n), Some(s)) if n > s => s,
            (Some(n), _) => n,
            (None, Some(s)) => s,
            (None, None) => i64::MAX,
        };
    });
    Ok(Some(item))
}

fn pairwise_next(vm: &mut Vm, o: &ItObj) -> PyResult<Option<Value>> {
    let (it, old) = get!(o, It::Pairwise { it, old } => (it.clone(), old.clone()));
    let Some(it) = it else {
        return Ok(None);
    };
    let clear = |old_too: bool| {
        set!(o, It::Pairwise { it, old } => {
            *it = None;
            if old_too {
                *old = None;
            }
        });
        Ok::<(), PyErr>(())
    };
    let old = match old {
        Some(v) => v,
        None => match ops::iter_next(vm, &it) {
            Ok(Some(v)) => {
                let copy = v.clone();
                set!(o, It::Pairwise { old, .. } => *old = Some(copy));
                v
            }
            r => {
                clear(false)?;
                return r;
            }
        },
    };
    match ops::iter_next(vm, &it) {
        Ok(Some(new)) => {
            let copy = new.clone();
            set!(o, It::Pairwise { old, .. } => *old = Some(copy));
            Ok(Some(Value::tuple(vec![old, new])))
        }
        r => {
            clear(true)?;
            r
        }
    }
}

/// The value at `index` of a tee block, reading one more from the
/// underlying iterator when `index` is the first not read yet.
fn tee_data_get(vm: &mut Vm, data: &ObjRef, index: usize) -> PyResult<Option<Value>> {
    let Some(d) = data.downcast::<TeeData>() else {
        return Ok(None);
    };
    if let Some(v) = d.values.borrow().get(index) {
        return Ok(Some(v.clone()));
    }
    if d.running.get() {
        return Err(PyErr::runtime_error("cannot re-enter the tee iterator"));
    }
    let Some(it) = d.it.borrow().clone() else {
        return Ok(None);
    };
    d.running.set(true);
    let r = ops::iter_next(vm, &it);
    d.running.set(false);
    let Some(v) = r? else {
        return Ok(None);
    };
    d.values.borrow_mut().push(v.clone());
    Ok(Some(v))
}

fn tee_next(vm: &mut Vm, o: &ItObj) -> PyResult<Option<Value>> {
    let (mut data, mut index) = get!(o, It::Tee { data, index } => (data.clone(), *index));
    if index >= LINKCELLS {
        let Some(d) = data.downcast::<TeeData>() else {
            return Ok(None);
        };
        let next = {
            let mut link = d.next.borrow_mut();
            match &*link {
                Some(n) => n.clone(),
                None => {
                    let it = d.it.borrow().clone().unwrap_or(Value::None);
                    let n = new_tee_data(it);
                    *link = Some(n.clone());
                    n
                }
            }
        };
        let copy = next.clone();
        set!(o, It::Tee { data: dd, index: ii } => {
            *dd = copy;
            *ii = 0;
        });
        data = next;
        index = 0;
    }
    let v = tee_data_get(vm, &data, index)?;
    if v.is_some() {
        set!(o, It::Tee { index: ii, .. } => *ii += 1);
    }
    Ok(v)
}

fn zip_longest_next(vm: &mut Vm, o: &ItObj) -> PyResult<Option<Value>> {
    let (its, active, fill) =
        get!(o, It::ZipLongest { its, active, fill } => (its.clone(), *active, fill.clone()));
    if its.is_empty() || active == 0 {
        return Ok(None);
    }
    let mut out = Vec::with_capacity(its.len());
    for (i, it) in its.iter().enumerate() {
        let Some(it) = it else {
            out.push(fill.clone());
            continue;
        };
        match ops::iter_next(vm, it) {
            Ok(Some(x)) => out.push(x),
            r => {
                let err = r.err();
                let left = with(o, |s| match s {
                    It::ZipLongest { active, its, .. } => {
                        *active = active.saturating_sub(1);
                        if *active == 0 || err.is_some() {
                            *active = 0;
                        } else if let Some(slot) = its.get_mut(i) {
                            *slot = None;
                        }
                        *active
                    }
                    _ => 0,
                })?;
                if let Some(e) = err {
                    return Err(e);
                }
                if left == 0 {
                    return Ok(None);
                }
                out.push(fill.clone());
            }
        }
    }
    Ok(Some(Value::tuple(out)))
}

/// A step of `product`, `permutations`, `combinations` or
/// `combinations_with_replacement`: no Python code runs (the pools are
/// copied at construction), so it runs under the borrow.
#[doc(hidden)]
pub fn combinatoric_next(s: &mut It) -> Option<Value> {
    let out = match s {
        It::Product {
            pools,
            npools,
            indices,
            result,
        } => {
            let pool = |i: usize| &pools[i % pools.len()];
            match result {
                None => {
                    let mut first = Vec::with_capacity(*npools);
                    for i in 0..*npools {
                        first.push(pool(i).first()?.clone());
                    }
                    *result = Some(first.clone());
                    Some(first)
                }
                Some(res) => {
                    let mut i = *npools;
                    loop {
                        if i == 0 {
                            break None;
                        }
                        i -= 1;
                        let p = pool(i);
                        indices[i] += 1;
                        if indices[i] == p.len() {
                            indices[i] = 0;
                            res[i] = p[0].clone();
                        } else {
                            res[i] = p[indices[i]].clone();
                            break Some(res.clone());
                        }
                    }
                }
            }
        }
        It::Permutations {
            pool,
            indices,
            cycles,
            r,
            result,
        } => {
            let n = pool.len();
            let r = *r;
            match result {
                None => {
                    let first: Vec<Value> = indices[..r].iter().map(|&i| pool[i].clone()).collect();
                    *result = Some(first.clone());
                    Some(first)
                }
                Some(res) => {
                    if n == 0 {
                        None
                    } else {
                        let mut i = r;
                        loop {
                            if i == 0 {
                                break None;
                            }
                            i -= 1;
                            cycles[i] -= 1;
                            if cycles[i] == 0 {
                                indices[i..].rotate_left(1);
                                cycles[i] = n - i;
                            } else {
                                let j = cycles[i];
                                indices.swap(i, n - j);
                                for k in i..r {
                                    res[k] = pool[indices[k]].clone();
                                }
                                break Some(res.clone());
                            }
                        }
                    }
                }
            }
        }
        It::Combinations {
            pool,
            indices,
            r,
            result,
        } => {
            let n = pool.len();
            let r = *r;
            match result {
                None => {
                    let first: Vec<Value> = indices.iter().map(|&i| pool[i].clone()).collect();
                    *result = Some(first.clone());
                    Some(first)
                }
                Some(res) => {
                    // The rightmost index not at its maximum (i + n - r).
                    match (0..r).rev().find(|&i| indices[i] != i + n - r) {
                        None => None,
                        Some(i) => {
                            indices[i] += 1;
                            for j in i + 1..r {
                                indices[j] = indices[j - 1] + 1;
                            }
                            for j in i..r {
                                res[j] = pool[indices[j]].clone();
                            }
                            Some(res.clone())
                        }
                    }
                }
            }
        }
        It::CombinationsWithReplacement {
            pool,
            indices,
            r,
            result,
        } => {
            let n = pool.len();
            let r = *r;
            match result {
                None => {
                    let first: Vec<Value> = if r == 0 {
                        Vec::new()
                    } else {
                        vec![pool.first()?.clone(); r]
                    };
                    *result = Some(first.clone());
                    Some(first)
                }
                Some(res) => match (0..r).rev().find(|&i| indices[i] != n - 1) {
                    None => None,
                    Some(i) => {
                        let index = indices[i] + 1;
                        for j in i..r {
                            indices[j] = index;
                            res[j] = pool[index].clone();
                        }
                        Some(res.clone())
                    }
                },
            }
        }
        _ => None,
    };
    match out {
        Some(items) => Some(Value::tuple(items)),
        None => {
            *s = It::Done;
            None
        }
    }
}

// ----- constructors --------------------------------------------------------------------

/// CPython's `PyNumber_Check`: an int, float or bool, or an object whose
/// class converts to a number.
fn is_number(v: &Value) -> bool {
    if matches!(v, Value::Int(_) | Value::Bool(_) | Value::Float(_)) || v.as_bigint().is_some() {
        return true;
    }
    crate::dunder::is_py(v)
        && ["__index__", "__int__", "__float__", "__complex__"]
            .iter()
            .any(|n| crate::dunder::special(v, n).is_some())
}

fn new_count(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "count",
            params: &["start", "step"],
            posonly: 0,
            required: 0,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let start = a[0].cloned().unwrap_or(Value::Int(0));
    let step = a[1].cloned().unwrap_or(Value::Int(1));
    if !is_number(&start) || !is_number(&step) {
        return Err(PyErr::type_error("a number is required"));
    }
    Ok(new_iter(&COUNT, It::Count { cur: start, step }))
}

fn new_cycle(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    positional(&args, "cycle", 1, 1)?;
    let it = ops::get_iter(vm, &args.pos[0])?;
    Ok(new_iter(
        &CYCLE,
        It::Cycle {
            it: Some(it),
            saved: Vec::new(),
            index: 0,
        },
    ))
}

fn new_repeat(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "repeat",
            params: &["object", "times"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let obj = a[0].cloned().unwrap_or(Value::None);
    let left = match a[1] {
        Some(t) => Some(ssize_arg(vm, t)?.max(0)),
        None => None,
    };
    Ok(new_iter(&REPEAT, It::Repeat { obj, left }))
}

fn new_accumulate(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "accumulate",
            params: &["iterable", "func"],
            posonly: 0,
            required: 1,
            kwonly: &["initial"],
            style: Style::C,
        },
    )?;
    let it = ops::get_iter(vm, a[0].unwrap_or(&Value::None))?;
    let func = a[1].filter(|f| !matches!(f, Value::None)).cloned();
    let initial = a[2].filter(|f| !matches!(f, Value::None)).cloned();
    Ok(new_iter(
        &ACCUMULATE,
        It::Accumulate {
            it,
            func,
            total: None,
            initial,
        },
    ))
}

fn new_chain(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("chain")?;
    let source = ops::get_iter(vm, &Value::tuple(args.pos.to_vec()))?;
    Ok(new_iter(
        &CHAIN,
        It::Chain {
            source: Some(source),
            active: None,
        },
    ))
}

/// `chain.from_iterable(iterable)`.
fn chain_from_iterable(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("from_iterable")?;
    let [iterable] = args.pos else {
        return Err(PyErr::type_error(format!(
            "chain.from_iterable() takes exactly one argument ({} given)",
            args.pos.len()
        )));
    };
    let source = ops::get_iter(vm, iterable)?;
    Ok(new_iter(
        &CHAIN,
        It::Chain {
            source: Some(source),
            active: None,
        },
    ))
}

fn new_compress(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "compress",
            params: &["data", "selectors"],
            posonly: 0,
            required: 2,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let data = ops::get_iter(vm, a[0].unwrap_or(&Value::None))?;
    let selectors = ops::get_iter(vm, a[1].unwrap_or(&Value::None))?;
    Ok(new_iter(&COMPRESS, It::Compress { data, selectors }))
}

/// The `(predicate, iterable)` of `dropwhile`, `takewhile`, `filterfalse`.
fn pred_args(vm: &mut Vm, args: &Args<'_>, name: &str) -> PyResult<(Value, Value)> {
    positional(args, name, 2, 2)?;
    let it = ops::get_iter(vm, &args.pos[1])?;
    Ok((args.pos[0].clone(), it))
}

fn new_dropwhile(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (pred, it) = pred_args(vm, &args, "dropwhile")?;
    Ok(new_iter(
        &DROPWHILE,
        It::DropWhile {
            pred,
            it,
            started: false,
        },
    ))
}

fn new_takewhile(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (pred, it) = pred_args(vm, &args, "takewhile")?;
    Ok(new_iter(
        &TAKEWHILE,
        It::TakeWhile {
            pred,
            it,
            stopped: false,
        },
    ))
}

fn new_filterfalse(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (pred, it) = pred_args(vm, &args, "filterfalse")?;
    Ok(new_iter(&FILTERFALSE, It::FilterFalse { pred, it }))
}

fn new_groupby(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "groupby",
            params: &["iterable", "key"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let it = ops::get_iter(vm, a[0].unwrap_or(&Value::None))?;
    let key = a[1].filter(|k| !matches!(k, Value::None)).cloned();
    Ok(new_iter(
        &GROUPBY,
        It::GroupBy(Box::new(GroupBy {
            it,
            key,
            tgtkey: None,
            currkey: None,
            currvalue: None,
            currgrouper: 0,
        })),
    ))
}

fn new_islice(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    positional(&args, "islice", 2, 4)?;
    const STOP: &str =
        "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    const INDICES: &str = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    const STEP: &str = "Step for islice() must be a positive integer or None.";
    // CPython reads each as a Py_ssize_t and maps every failure (not an
    // integer, too large) to -1, which the range checks then refuse.
    let mut num = |v: &Value| -> PyResult<i64> {
        match ssize_arg(vm, v) {
            Ok(n) => Ok(n),
            Err(e)
                if e.matches(types::TYPE_ERROR.get()) || e.matches(types::OVERFLOW_ERROR.get()) =>
            {
                Ok(-1)
            }
            Err(e) => Err(e),
        }
    };
    let p = args.pos;
    let (mut start, mut stop, mut step) = (0i64, None, 1i64);
    if p.len() == 2 {
        if !matches!(p[1], Value::None) {
            let s = num(&p[1])?;
            if s < 0 {
                return Err(PyErr::value_error(if s == -1 { STOP } else { INDICES }));
            }
            stop = Some(s);
        }
    } else {
        if !matches!(p[1], Value::None) {
            start = num(&p[1])?;
        }
        if !matches!(p[2], Value::None) {
            let s = num(&p[2])?;
            if s == -1 {
                return Err(PyErr::value_error(STOP));
            }
            stop = Some(s);
        }
    }
    if start < 0 || stop.is_some_and(|s| s < 0) {
        return Err(PyErr::value_error(INDICES));
    }
    if let Some(v) = p.get(3)
        && !matches!(v, Value::None)
    {
        step = num(v)?;
    }
    if step < 1 {
        return Err(PyErr::value_error(STEP));
    }
    let it = ops::get_iter(vm, &p[0])?;
    Ok(new_iter(
        &ISLICE,
        It::Islice {
            it: Some(it),
            next: start,
            stop,
            step,
            cnt: 0,
        },
    ))
}

fn new_pairwise(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    positional(&args, "pairwise", 1, 1)?;
    let it = ops::get_iter(vm, &args.pos[0])?;
    Ok(new_iter(
        &PAIRWISE,
        It::Pairwise {
            it: Some(it),
            old: None,
        },
    ))
}

fn new_starmap(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    positional(&args, "starmap", 2, 2)?;
    let it = ops::get_iter(vm, &args.pos[1])?;
    Ok(new_iter(
        &STARMAP,
        It::Starmap {
            func: args.pos[0].clone(),
            it,
        },
    ))
}

fn new_zip_longest(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let mut fill = Value::None;
    for (k, v) in args.kw {
        let key = k.downcast::<crate::object::StrObj>().map(|s| s.as_str());
        if key != Some("fillvalue") {
            return Err(PyErr::type_error(
                "zip_longest() got an unexpected keyword argument",
            ));
        }
        fill = v.clone();
    }
    let mut its = Vec::with_capacity(args.pos.len());
    for a in args.pos {
        its.push(Some(ops::get_iter(vm, a)?));
    }
    let active = its.len();
    Ok(new_iter(&ZIP_LONGEST, It::ZipLongest { its, active, fill }))
}

/// `tuple(iterable)`, as the combinatoric iterators copy their input.
fn pool_of(vm: &mut Vm, v: &Value) -> PyResult<Vec<Value>> {
    ops::collect(vm, v)
}

fn new_product(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let mut repeat = 1i64;
    for (k, v) in args.kw {
        let key = k
            .downcast::<crate::object::StrObj>()
            .map_or("?", |s| s.as_str());
        if key != "repeat" {
            return Err(PyErr::type_error(format!(
                "'{key}' is an invalid keyword argument for product()"
            )));
        }
        repeat = ssize_arg(vm, v)?;
        if repeat < 0 {
            return Err(PyErr::value_error("repeat argument cannot be negative"));
        }
    }
    let nargs = if repeat == 0 { 0 } else { args.pos.len() };
    let npools = nargs
        .checked_mul(repeat as usize)
        .filter(|n| *n <= (isize::MAX as usize) / 8)
        .ok_or_else(|| PyErr::overflow("repeat argument too large"))?;
    let mut indices = Vec::new();
    indices
        .try_reserve_exact(npools)
        .map_err(|_| PyErr::no_memory())?;
    indices.resize(npools, 0);
    let mut pools = Vec::with_capacity(nargs);
    for a in &args.pos[..nargs] {
        pools.push(pool_of(vm, a)?);
    }
    Ok(new_iter(
        &PRODUCT,
        It::Product {
            pools,
            npools,
            indices,
            result: None,
        },
    ))
}

fn new_permutations(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let a = parse(
        &args,
        &Sig {
            name: "permutations",
            params: &["iterable", "r"],
            posonly: 0,
            required: 1,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let pool = pool_of(vm, a[0].unwrap_or(&Value::None))?;
    let n = pool.len();
    let r = match a[1] {
        None | Some(Value::None) => n as i64,
        Some(v) if v.is_int() => ssize_arg(vm, v)?,
        Some(_) => return Err(PyErr::type_error("Expected int as r")),
    };
    if r < 0 {
        return Err(PyErr::value_error("r must be non-negative"));
    }
    let r = r as usize;
    let state = if r > n {
        It::Done
    } else {
        It::Permutations {
            indices: (0..n).collect(),
            cycles: (n - r + 1..=n).rev().collect(),
            pool,
            r,
            result: None,
        }
    };
    Ok(new_iter(&PERMUTATIONS, state))
}

/// The `(pool, r)` of `combinations` and `combinations_with_replacement`.
fn comb_args(vm: &mut Vm, args: &Args<'_>, name: &'static str) -> PyResult<(Vec<Value>, usize)> {
    let a = parse(
        args,
        &Sig {
            name,
            params: &["iterable", "r"],
            posonly: 0,
            required: 2,
            kwonly: &[],
            style: Style::C,
        },
    )?;
    let r = ssize_arg(vm, a[1].unwrap_or(&Value::None))?;
    let pool = pool_of(vm, a[0].unwrap_or(&Value::None))?;
    if r < 0 {
        return Err(PyErr::value_error("r must be non-negative"));
    }
    Ok((pool, r as usize))
}

fn new_combinations(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (pool, r) = comb_args(vm, &args, "combinations")?;
    let state = if r > pool.len() {
        It::Done
    } else {
        It::Combinations {
            pool,
            indices: (0..r).collect(),
            r,
            result: None,
        }
    };
    Ok(new_iter(&COMBINATIONS, state))
}

fn new_cwr(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (pool, r) = comb_args(vm, &args, "combinations_with_replacement")?;
    let state = if pool.is_empty() && r > 0 {
        It::Done
    } else {
        let mut indices = Vec::new();
        indices
            .try_reserve_exact(r)
            .map_err(|_| PyErr::no_memory())?;
        indices.resize(r, 0);
        It::CombinationsWithReplacement {
            pool,
            indices,
            r,
            result: None,
        }
    };
    Ok(new_iter(&CWR, state))
}

/// `tee(iterable, n=2)`.
fn tee(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    if !args.kw.is_empty() {
        return Err(PyErr::type_error(
            "itertools.tee() takes no keyword arguments",
        ));
    }
    positional(&args, "tee", 1, 2)?;
    let n = match args.pos.get(1) {
        Some(v) => ssize_arg(vm, v)?,
        None => 2,
    };
    if n < 0 {
        return Err(PyErr::value_error("n must be >= 0"));
    }
    if n == 0 {
        return Ok(Value::tuple(Vec::new()));
    }
    let it = ops::get_iter(vm, &args.pos[0])?;
    // An iterator that can copy itself (a tee, or a Python class with
    // `__copy__`) is used as it is; any other gets a tee.
    let copy_method = if crate::dunder::is_py(&it) {
        match vm.getattr(&it, "__copy__") {
            Ok(m) => Some(m),
            Err(e) if e.matches(types::ATTRIBUTE_ERROR.get()) => None,
            Err(e) => return Err(e),
        }
    } else {
        None
    };
    let first = if copy_method.is_some() || it.as_obj().is_some_and(|o| o.is_type(&TEE)) {
        it
    } else {
        new_iter(
            &TEE,
            It::Tee {
                data: new_tee_data(it),
                index: 0,
            },
        )
    };
    let mut out = Vec::with_capacity(n as usize);
    for _ in 1..n {
        out.push(match &copy_method {
            Some(m) => vm.call(m, &[])?,
            None => tee_copy_of(&first)?,
        });
    }
    out.insert(0, first);
    Ok(Value::tuple(out))
}

/// A new tee iterator at the same place as `t`.
fn tee_copy_of(t: &Value) -> PyResult<Value> {
    let Some(o) = t.downcast::<ItObj>() else {
        return Err(PyErr::type_error("tee object expected"));
    };
    let (data, index) = match &*o.state.try_borrow().map_err(|_| busy())? {
        It::Tee { data, index } => (data.clone(), *index),
        _ => (new_tee_data(Value::tuple(Vec::new())), 0),
    };
    Ok(new_iter(&TEE, It::Tee { data, index }))
}

fn tee_copy(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("__copy__")?;
    match args.pos {
        [t] => tee_copy_of(t),
        _ => Err(PyErr::type_error(format!(
            "_tee.__copy__() takes no arguments ({} given)",
            args.pos.len().saturating_sub(1)
        ))),
    }
}

// ----- hooks -----------------------------------------------------------------------------

/// Attributes of the iterators: a tee's `__copy__`.
pub fn getattr(o: &ObjRef, name: &str) -> Option<PyResult<Value>> {
    if o.is_type(&TEE) && name == "__copy__" {
        return Some(Ok(Value::Obj(Builtin::new_obj(
            "__copy__",
            tee_copy,
            Some(Value::Obj(o.clone())),
        ))));
    }
    None
}

/// `chain.from_iterable`.
pub fn type_getattr(t: &ObjRef, name: &str) -> Option<Value> {
    if std::ptr::eq(t.as_type()?, CHAIN.get()) && name == "from_iterable" {
        return Some(Value::Obj(Builtin::new_obj(
            "from_iterable",
            chain_from_iterable,
            None,
        )));
    }
    None
}

/// Whether the iterator has a `repr` of its own (`count`, `repeat`).
pub fn has_repr(o: &ObjRef) -> bool {
    o.is_type(&COUNT) || o.is_type(&REPEAT)
}

/// `repr()` of `count(…)` and `repeat(…)`.
pub fn repr(vm: &mut Vm, o: &ObjRef) -> Option<PyResult<String>> {
    if !has_repr(o) {
        return None;
    }
    let it = o.downcast::<ItObj>()?;
    let st = match it.state.try_borrow() {
        Ok(s) => s,
        Err(_) => return Some(Err(busy())),
    };
    let (a, b) = match &*st {
        It::Count { cur, step } => (
            cur.clone(),
            if matches!(step, Value::Int(1) | Value::Bool(true)) {
                None
            } else {
                Some(step.clone())
            },
        ),
        It::Repeat { obj, left } => (obj.clone(), left.map(Value::Int)),
        _ => return None,
    };
    drop(st);
    let name = if o.is_type(&COUNT) { "count" } else { "repeat" };
    Some((|| {
        let a = ops::repr(vm, &a)?;
        Ok(match b {
            Some(b) => format!("{name}({a}, {})", ops::repr(vm, &b)?),
            None => format!("{name}({a})"),
        })
    })())
}

/// Visits what an iterator or tee block references.
pub fn traverse(o: &ObjRef, f: &mut dyn FnMut(&ObjRef)) -> bool {
    let mut v = |x: &Value| {
        if let Value::Obj(c) = x {
            f(c)
        }
    };
    if let Some(d) = o.downcast::<TeeData>() {
        if let Ok(it) = d.it.try_borrow()
            && let Some(it) = &*it
        {
            v(it);
        }
        if let Ok(vals) = d.values.try_borrow() {
            vals.iter().for_each(&mut v);
        }
        if let Ok(n) = d.next.try_borrow()
            && let Some(n) = &*n
        {
            v(&Value::Obj(n.clone()));
        }
        return true;
    }
    let Some(it) = o.downcast::<ItObj>() else {
        return false;
    };
    let Ok(st) = it.state.try_borrow() else {
        return true;
    };
    let opt = |v: &mut dyn FnMut(&Value), x: &Option<Value>| {
        if let Some(x) = x {
            v(x)
        }
    };
    match &*st {
        It::Count { cur, step } => {
            v(cur);
            v(step);
        }
        It::Cycle { it, saved, .. } => {
            opt(&mut v, it);
            saved.iter().for_each(&mut v);
        }
        It::Repeat { obj, .. } => v(obj),
        It::Accumulate {
            it,
            func,
            total,
            initial,
        } => {
            v(it);
            opt(&mut v, func);
            opt(&mut v, total);
            opt(&mut v, initial);
        }
        It::Chain { source, active } => {
            opt(&mut v, source);
            opt(&mut v, active);
        }
        It::Compress { data, selectors } => {
            v(data);
            v(selectors);
        }
        It::DropWhile { pred, it, .. }
        | It::TakeWhile { pred, it, .. }
        | It::FilterFalse { pred, it } => {
            v(pred);
            v(it);
        }
        It::GroupBy(g) => {
            v(&g.it);
            opt(&mut v, &g.key);
            opt(&mut v, &g.tgtkey);
            opt(&mut v, &g.currkey);
            opt(&mut v, &g.currvalue);
        }
        It::Grouper { parent, tgtkey } => {
            v(&Value::Obj(parent.clone()));
            v(tgtkey);
        }
        It::Islice { it, .. } => opt(&mut v, it),
        It::Pairwise { it, old } => {
            opt(&mut v, it);
            opt(&mut v, old);
        }
        It::Starmap { func, it } => {
            v(func);
            v(it);
        }
        It::Tee { data, .. } => v(&Value::Obj(data.clone())),
        It::ZipLongest { its, fill, .. } => {
            its.iter().for_each(|x| opt(&mut v, x));
            v(fill);
        }
        It::Product { pools, result, .. } => {
            pools.iter().flatten().for_each(&mut v);
            result.iter().flatten().for_each(&mut v);
        }
        It::Permutations { pool, result, .. }
        | It::Combinations { pool, result, .. }
        | It::CombinationsWithReplacement { pool, result, .. } => {
            pool.iter().for_each(&mut v);
            result.iter().flatten().for_each(&mut v);
        }
        It::Merge(m) => m.for_each_ref(&mut v),
        It::Done => {}
    }
    true
}

/// Drops what an iterator or tee block references (the collector
/// breaking a cycle).
pub fn clear(o: &ObjRef) -> bool {
    if let Some(d) = o.downcast::<TeeData>() {
        let it = d.it.try_borrow_mut().map(|mut x| x.take());
        let vals = d
            .values
            .try_borrow_mut()
            .map(|mut x| std::mem::take(&mut *x));
        let next = d.next.try_borrow_mut().map(|mut x| x.take());
        drop((it, vals, next));
        return true;
    }
    let Some(it) = o.downcast::<ItObj>() else {
        return false;
    };
    let old = it
        .state
        .try_borrow_mut()
        .map(|mut s| std::mem::replace(&mut *s, It::Done));
    drop(old);
    true
}
