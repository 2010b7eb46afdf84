//! The cycle collector. Reference counting frees everything except
//! reference cycles (a recursive inner function and its closure cell, a
//! module dict and its functions, a list that contains itself). This module
//! finds containers that are only reachable from each other and clears
//! them, the way CPython's collector does:
//!
//! 1. take every tracked container (the registry lives in `abi`);
//! 2. subtract the references they hold to each other from their counts;
//! 3. whatever still has a positive count is referenced from outside (the
//!    interpreter's stacks, the VM, Rust code) and is alive, as is
//!    everything reachable from it;
//! 4. the rest is garbage: clearing its contents breaks the cycles and
//!    reference counting frees it.
//!
//! The collector runs at shutdown and whenever many containers were made
//! since the last run (checked at function calls). No Python code can run
//! while it works.

use crate::object::class::{MethodWrapper, PropertyObj};
use crate::object::{
    BoundMethod, CellObj, ClassData, DictObj, ExcObj, Function, GenObj, GenState, Instance,
    IterObj, IterState, ListObj, ModuleObj, ObjRef, SetObj, SuperObj, TupleObj, Value,
};

/// Collect when this many containers were tracked since the last run.
const THRESHOLD: usize = 20_000;

/// Runs a collection if enough containers were made since the last one.
/// The threshold grows with the number of survivors, so the total work
/// stays linear in the number of allocations.
#[inline(always)]
pub fn maybe_collect() {
    if abi::gc_due() {
        collect_and_rearm();
    }
}

#[cold]
#[inline(never)]
fn collect_and_rearm() {
    if ENABLED.get() {
        collect();
    }
    abi::gc_set_threshold(THRESHOLD.max(abi::gc_tracked_count()));
}

thread_local! {
    /// Whether collections run on their own (`gc.disable()` turns it off;
    /// `gc.collect()` and the one at shutdown run regardless).
    static ENABLED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// `gc.enable()` / `gc.disable()`.
pub fn set_enabled(on: bool) {
    ENABLED.set(on);
}

/// `gc.isenabled()`.
pub fn is_enabled() -> bool {
    ENABLED.get()
}

fn visit(o: &ObjRef, f: &mut dyn FnMut(&ObjRef)) {
    fn val(f: &mut dyn FnMut(&ObjRef), v: &Value) {
        if let Value::Obj(c) = v {
            f(c)
        }
    }
    // An instance of a class owns a reference to it (CPython's
    // `subtype_traverse` visits the type too).
    if o.ty().is_heap_type() {
        f(&o.type_ref());
        // The `__dict__` word of an instance of a class deriving from a
        // built-in or C type (its payload is visited below).
        visit_dict_word(o, f);
    }
    if let Some(l) = o.downcast::<ListObj>() {
        if let Ok(items) = l.items.try_borrow() {
            items.iter().for_each(|v| val(f, v));
        }
    } else if let Some(t) = o.downcast::<TupleObj>() {
        t.items.iter().for_each(|v| val(f, v));
    } else if let Some(d) = o.downcast::<DictObj>() {
        if let Ok(m) = d.try_entries() {
            for (k, v) in m.iter() {
                val(f, &k.value);
                val(f, v);
            }
        }
    } else if let Some(s) = o.downcast::<SetObj>() {
        s.for_each_ref(f);
    } else if let Some(c) = o.downcast::<CellObj>() {
        if let Ok(v) = c.value.try_borrow()
            && let Some(v) = &*v
        {
            val(f, v);
        }
    } else if let Some(func) = o.downcast::<Function>() {
        f(&func.globals);
        func.defaults.iter().for_each(|v| val(f, v));
        if let Some(d) = &func.kwdefaults {
            f(d);
        }
        if let Ok(cl) = func.closure.try_borrow() {
            for c in cl.iter() {
                f(c);
            }
        }
        if let Ok(attrs) = func.attrs.try_borrow()
            && let Some(a) = attrs.as_deref()
        {
            for v in [&a.name, &a.qualname, &a.doc, &a.module, &a.annotations]
                .into_iter()
                .flatten()
            {
                val(f, v);
            }
            if let Some(d) = &a.dict {
                f(d);
            }
        }
    } else if let Some(it) = o.downcast::<IterObj>() {
        it.for_each_ref(f);
    } else if crate::stdlib::traverse(o, f) {
        // `itertools`' iterators, `functools.partial`, ... (visited).
    } else if let Some(g) = o.downcast::<GenObj>() {
        // A suspended generator's frame (a running one's values are on
        // the value stack of the run that resumed it, outside the heap).
        g.with_values(|vals| vals.iter().for_each(|v| val(f, v)));
        f(&g.globals);
        if let Ok(h) = g.handled.try_borrow() {
            h.iter().for_each(&mut *f);
        }
    } else if let Some(m) = o.downcast::<ModuleObj>() {
        f(&m.dict);
        if let Some(d) = m.c_def.get() {
            d.traverse(o, f);
        }
    } else if let Some(i) = o.downcast::<Instance>() {
        // An instance's dict is tracked only once handed out
        // (`obj.__dict__`); until then its entries are the instance's own
        // edges.
        if let Ok(vals) = i.values.try_borrow() {
            vals.iter().for_each(|(_, _, v)| val(f, v));
        }
        if let Some(d) = i.dict.get() {
            if abi::gc_is_tracked(d) {
                f(d);
            } else if let Some(d) = d.downcast::<DictObj>()
                && let Ok(m) = d.try_entries()
            {
                for (k, v) in m.iter() {
                    val(f, &k.value);
                    val(f, v);
                }
            }
        }
        if let Ok(s) = i.slots.try_borrow() {
            s.iter().flatten().for_each(|v| val(f, v));
        }
    } else if let Some(cd) = o.as_type().and_then(|t| t.heap_data::<ClassData>()) {
        f(&cd.dict);
        cd.bases.iter().for_each(&mut *f);
        cd.mro_tail.iter().for_each(&mut *f);
        if let Ok(m) = cd.meta.try_borrow()
            && let Some(m) = m.as_ref()
        {
            f(m);
        }
        cd.for_each_memo_value(|v| val(f, v));
    } else if let Some(m) = o.downcast::<BoundMethod>() {
        val(f, &m.func);
        val(f, &m.receiver);
    } else if let Some(s) = o.downcast::<SuperObj>() {
        f(&s.cls);
        val(f, &s.obj);
    } else if let Some(p) = o.downcast::<PropertyObj>() {
        for v in [&p.fget, &p.fset, &p.fdel, &p.doc] {
            val(f, v);
        }
    } else if let Some(m) = o.downcast::<MethodWrapper>() {
        val(f, &m.func);
    } else if o.kind() == crate::object::types::Kind::EXT_SUBCLASS {
        // An instance of a class deriving from a C type: its `__dict__`
        // was visited above.
    } else if crate::ext::is_foreign(o) {
        if let Some(capi) = crate::ext::capi() {
            capi.traverse(o, f);
        }
    } else if let Some(e) = o.downcast::<ExcObj>() {
        if let Ok(a) = e.args.try_borrow() {
            val(f, &a);
        }
        if let Ok(d) = e.dict.try_borrow()
            && let Some(d) = &*d
        {
            f(d);
        }
        if let Ok(c) = e.context.try_borrow()
            && let Some(c) = &*c
        {
            f(c);
        }
        if let Ok(c) = e.cause.try_borrow()
            && let Some(c) = &*c
        {
            f(c);
        }
        if let Ok(h) = e.hint.try_borrow() {
            match h.as_deref() {
                Some(crate::object::Hint::Name {
                    globals: Some(g), ..
                }) => f(g),
                Some(crate::object::Hint::Attr { obj, .. }) => val(f, obj),
                _ => {}
            }
        }
    }
}

/// Visits the `__dict__` in the dict word of `o`, if it has one (tracked
/// once handed out; until then its entries are the instance's edges).
fn visit_dict_word(o: &ObjRef, f: &mut dyn FnMut(&ObjRef)) {
    let Some(d) = o.instance_dict() else {
        return;
    };
    if abi::gc_is_tracked(&d) {
        f(&d);
    } else if let Some(dd) = d.downcast::<DictObj>()
        && let Ok(m) = dd.try_entries()
    {
        for (k, v) in m.iter() {
            if let Value::Obj(c) = &k.value {
                f(c);
            }
            if let Value::Obj(c) = v {
                f(c);
            }
        }
    }
}

fn clear(o: &ObjRef) {
    // The `__dict__` of an instance of a class deriving from a built-in
    // or C type: let go of it (it may be the instance itself, as after
    // `self.__dict__ = self`), emptied if nothing else holds it.
    if o.ty().is_heap_type()
        && let Some(d) = o.take_instance_dict()
    {
        if let Some(dd) = d.downcast::<DictObj>()
            && dd.is_idle()
            && !d.ptr_eq(o)
        {
            dd.clear();
        }
        drop(d);
    }
    if let Some(l) = o.downcast::<ListObj>() {
        let old = l
            .items
            .try_borrow_mut()
            .map(|mut v| std::mem::take(&mut *v));
        drop(old);
    } else if let Some(d) = o.downcast::<DictObj>() {
        if d.is_idle() {
            d.clear();
        }
    } else if let Some(s) = o.downcast::<SetObj>() {
        // Frozensets too, as CPython's `tp_clear` of both.
        if s.is_idle() {
            s.clear();
        }
    } else if let Some(c) = o.downcast::<CellObj>() {
        let old = c.value.try_borrow_mut().map(|mut v| v.take());
        drop(old);
    } else if let Some(func) = o.downcast::<Function>() {
        let old = func
            .closure
            .try_borrow_mut()
            .map(|mut v| std::mem::take(&mut *v));
        let attrs = func.attrs.try_borrow_mut().map(|mut a| a.take());
        drop((old, attrs));
    } else if let Some(g) = o.downcast::<GenObj>() {
        // Garbage generators are finalized as CPython does: one stopped in
        // a `try` or `with` is closed later (its frame moves to the queue
        // of `crate::generator`), the others just let go of their frame.
        if g.state.get() != GenState::Running {
            crate::generator::orphan(g);
            g.state.set(GenState::Done);
            let old = g.take_values();
            g.has_handled.set(false);
            let h = g
                .handled
                .try_borrow_mut()
                .map(|mut h| std::mem::take(&mut *h));
            drop((old, h));
        }
    } else if let Some(i) = o.downcast::<Instance>() {
        if let Some(d) = i.dict_obj()
            && d.is_idle()
        {
            d.clear();
        }
        let old = i
            .slots
            .try_borrow_mut()
            .map(|mut s| s.iter_mut().map(Option::take).collect::<Vec<_>>());
        let vals = i
            .values
            .try_borrow_mut()
            .map(|mut v| std::mem::take(&mut *v));
        drop((old, vals));
    } else if let Some(cd) = o.as_type().and_then(|t| t.heap_data::<ClassData>()) {
        cd.clear_memo();
        let meta = cd.meta.try_borrow_mut().map(|mut m| m.take());
        drop(meta);
        if let Some(d) = cd.dict()
            && d.is_idle()
        {
            d.clear();
        }
    } else if let Some(m) = o.downcast::<ModuleObj>() {
        if let Some(d) = m.c_def.get() {
            d.clear(o);
        }
    } else if let Some(it) = o.downcast::<IterObj>() {
        let old = it
            .state
            .try_borrow_mut()
            .map(|mut s| std::mem::replace(&mut *s, IterState::Done));
        drop(old);
    } else if crate::stdlib::clear(o) {
        // `itertools`' iterators, `functools.partial`, ... (cleared).
    } else if o.kind() == crate::object::types::Kind::EXT_SUBCLASS {
        // Its `__dict__` was cleared above.
    } else if crate::ext::is_foreign(o) {
        if let Some(capi) = crate::ext::capi() {
            capi.clear(o);
        }
    } else if let Some(e) = o.downcast::<ExcObj>() {
        let c = e.context.try_borrow_mut().map(|mut c| c.take());
        let k = e.cause.try_borrow_mut().map(|mut c| c.take());
        let h = e.hint.try_borrow_mut().map(|mut h| h.take());
        let d = e.dict.try_borrow_mut().map(|mut d| d.take());
        drop((c, k, h, d));
    }
}

/// Finds and frees unreachable cycles; returns how many containers were
/// garbage.
pub fn collect() -> usize {
    let objs = abi::gc_tracked();
    let index: abi::AddrMap<usize> = objs
        .iter()
        .enumerate()
        .map(|(i, o)| (o.as_ptr() as usize, i))
        .collect();
    // `gc_tracked` added one reference to each.
    let mut refs: Vec<isize> = objs.iter().map(|o| o.refcnt() - 1).collect();
    for o in &objs {
        visit(o, &mut |c| {
            if let Some(&j) = index.get(&(c.as_ptr() as usize)) {
                refs[j] -= 1;
            }
        });
    }
    let mut reachable = vec![false; objs.len()];
    let mut work: Vec<usize> = (0..objs.len()).filter(|&i| refs[i] > 0).collect();
    while let Some(i) = work.pop() {
        if reachable[i] {
            continue;
        }
        reachable[i] = true;
        visit(&objs[i], &mut |c| {
            if let Some(&j) = index.get(&(c.as_ptr() as usize))
                && !reachable[j]
            {
                work.push(j);
            }
        });
    }
    let garbage: Vec<&ObjRef> = objs
        .iter()
        .zip(reachable.iter())
        .filter(|(_, r)| !**r)
        .map(|(o, _)| o)
        .collect();
    let n = garbage.len();
    for g in garbage {
        clear(g);
    }
    drop(objs);
    n
}
