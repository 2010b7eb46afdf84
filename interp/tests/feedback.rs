//! The type feedback view (`interp::feedback`) and quickening's counters
//! and deoptimization, observed from outside through a run.

use interp::bytecode::{Code, Op};
use interp::feedback::{self, GlobalSource, TypeClass};
use interp::{Vm, VmConfig};
use std::rc::Rc;

/// Runs `source` with the given warmup and returns the VM and the code of
/// the function `name` defined in it.
fn run(source: &str, warmup: u16, name: &str) -> (Vm, Rc<Code>) {
    let config = VmConfig {
        quicken_warmup: warmup,
        stats: true,
        ..VmConfig::default()
    };
    let mut vm = Vm::new(config, Box::new(std::io::sink()));
    let code = vm.compile(source, "fb.py").expect("compiles");
    let globals = vm.new_module_dict("__main__", None);
    if let Err(e) = vm.run_module_code(code.clone(), &globals) {
        panic!("{}", interp::traceback::format_exception(&mut vm, &e));
    }
    let f = code
        .children()
        .find(|c| c.name == name)
        .cloned()
        .expect("function code");
    (vm, f)
}

/// The last site of `family` in `code`.
fn site(code: &Code, family: Op) -> feedback::SiteFeedback {
    feedback::sites(code)
        .into_iter()
        .rev()
        .find(|s| s.family == family)
        .unwrap_or_else(|| panic!("no {family:?} site in\n{code}"))
}

#[test]
fn binary_op_records_every_class_it_saw() {
    let (mut vm, f) = run(
        "def add(a, b):\n    return a + b\nfor i in range(20):\n    add(i, 1)\nfor i in range(200):\n    add(0.5, 1.5)\n",
        2,
        "add",
    );
    let s = site(&f, Op::BinaryOp);
    let left = s.operands[0];
    assert!(left.contains(TypeClass::Int), "{s:?}");
    assert!(left.contains(TypeClass::Float), "{s:?}");
    assert!(!left.contains(TypeClass::Str), "{s:?}");
    // After its miss budget the site went back to generic and then
    // respecialized for the floats it sees now.
    assert_eq!(s.form, Op::BinaryOpAddFloat, "{s:?}");
    assert!(s.is_quickened());
    let report = vm.stats_report().expect("stats were on");
    assert!(report.contains("BINARY_OP"), "{report}");
    assert!(report.contains("operand type"), "{report}");
    vm.shutdown();
}

#[test]
fn monomorphic_sites_report_one_class_and_the_callee() {
    let (mut vm, f) = run(
        "def inc(x):\n    return x + 1\ndef use(n):\n    t = 0\n    for i in range(n):\n        t = t + inc(i)\n    return t\nuse(50)\n",
        8,
        "use",
    );
    let call = site(&f, Op::Call);
    assert_eq!(call.form, Op::CallPyExactArgs);
    assert_eq!(call.operands[0].single(), Some(TypeClass::Function));
    assert!(call.callee_version.is_some_and(|v| v > 0), "{call:?}");
    // `range` ran once (still generic); `inc` is found in the module.
    let global = site(&f, Op::LoadGlobal);
    assert!(
        matches!(global.global, Some(GlobalSource::Module { .. })),
        "{global:?}"
    );
    let iter = site(&f, Op::ForIter);
    assert_eq!(iter.form, Op::ForIterRange);
    assert_eq!(iter.operands[0].single(), Some(TypeClass::RangeIter));
    vm.shutdown();
}

#[test]
fn a_site_that_keeps_missing_goes_back_to_generic_with_backoff() {
    // Alternating ints and strs at one site: with the default budget the
    // quickened form absorbs misses, then deoptimizes, then specializes
    // again later; the results are checked by the corpus, here only that
    // the instruction ends up generic or quickened, never anything else.
    let (mut vm, f) = run(
        "def add(a, b):\n    return a + b\nfor i in range(400):\n    add(i, 1) if i % 2 else add('a', 'b')\n",
        8,
        "add",
    );
    let s = site(&f, Op::BinaryOp);
    assert!(
        matches!(
            s.form,
            Op::BinaryOp | Op::BinaryOpAddInt | Op::BinaryOpAddStr
        ),
        "{s:?}"
    );
    assert!(s.operands[0].contains(TypeClass::Int));
    assert!(s.operands[0].contains(TypeClass::Str));
    let report = vm.stats_report().expect("stats were on");
    let line = report
        .lines()
        .find(|l| l.starts_with("BINARY_OP "))
        .expect("a BINARY_OP row");
    let deopts: u64 = line
        .split_whitespace()
        .nth(6)
        .and_then(|n| n.parse().ok())
        .expect("deopt column");
    assert!(deopts >= 1, "{report}");
    vm.shutdown();
}

#[test]
fn instance_attribute_sites_cache_on_the_class_version() {
    let src = "class P:\n    def __init__(self, x):\n        self.x = x\n    def get(self):\n        return self.x\ndef use(ps):\n    t = 0\n    for p in ps:\n        t = t + p.x + p.get()\n    return t\nps = [P(i) for i in range(30)]\nuse(ps)\n";
    let (mut vm, f) = run(src, 2, "use");
    let attr = site(&f, Op::LoadAttr);
    assert_eq!(attr.form, Op::LoadAttrInstanceValue, "{attr:?}");
    let Some(feedback::AttrSource::InstanceValue {
        class_version,
        index,
        more_versions,
    }) = attr.attr
    else {
        panic!("{attr:?}");
    };
    assert!(class_version > 0);
    assert_eq!(index, 0, "x is the first attribute __init__ sets");
    assert_eq!(more_versions, [0; 3], "one class seen");
    let method = site(&f, Op::LoadMethod);
    assert_eq!(method.form, Op::LoadMethodInstance, "{method:?}");
    assert!(matches!(
        method.attr,
        Some(feedback::AttrSource::Method {
            class_version: v,
            mro_pos: 0,
            ..
        }) if v == class_version
    ));
    vm.shutdown();
}

#[test]
fn slot_sites_cache_the_slot_index_on_the_class_version() {
    let src = "class P:\n    __slots__ = ('a', 'x')\n    def __init__(self, x):\n        self.x = x\ndef use(ps):\n    t = 0\n    for p in ps:\n        p.x = p.x + 1\n        t = t + p.x\n    return t\nps = [P(i) for i in range(30)]\nuse(ps)\n";
    let (mut vm, f) = run(src, 2, "use");
    let load = site(&f, Op::LoadAttr);
    assert_eq!(load.form, Op::LoadAttrSlot, "{load:?}");
    let Some(feedback::AttrSource::Slot {
        class_version,
        index,
    }) = load.attr
    else {
        panic!("{load:?}");
    };
    assert!(class_version > 0);
    assert_eq!(index, 1, "x is the second slot");
    let store = site(&f, Op::StoreAttr);
    assert_eq!(store.form, Op::StoreAttrSlot, "{store:?}");
    assert!(matches!(
        store.attr,
        Some(feedback::AttrSource::Slot { class_version: v, index: 1 }) if v == class_version
    ));
    vm.shutdown();
}

#[test]
fn editing_a_class_after_its_cache_filled_misses_and_sees_the_edit() {
    // A method replaced on the base: the subclass's version moves too.
    let src = "class A:\n    def f(self):\n        return 1\nclass B(A):\n    pass\ndef use(o):\n    return o.f()\nb = B()\nfor i in range(10):\n    r1 = use(b)\nA.f = lambda self: 2\nr2 = use(b)\nassert (r1, r2) == (1, 2), (r1, r2)\n";
    let (mut vm, f) = run(src, 0, "use");
    // The edit moved B's version: the guard failed, and the site cached
    // the new version with the new function's place (the old entry stays,
    // never to match again).
    let method = site(&f, Op::LoadMethod);
    assert_eq!(method.form, Op::LoadMethodInstance, "{method:?}");
    let Some(feedback::AttrSource::Method {
        class_version,
        more_methods,
        ..
    }) = method.attr
    else {
        panic!("{method:?}");
    };
    assert!(more_methods[0].0 > class_version, "{method:?}");
    vm.shutdown();
}

#[test]
fn instance_stores_and_method_calls_cache_on_the_class_version() {
    let src = "class P:\n    def __init__(self, x):\n        self.x = x\n    def add(self, k):\n        return self.x + k\ndef use(ps):\n    t = 0\n    for p in ps:\n        p.x = p.x + 1\n        t = t + p.add(2)\n    return t\nps = [P(i) for i in range(30)]\nuse(ps)\n";
    let (mut vm, f) = run(src, 2, "use");
    let store = site(&f, Op::StoreAttr);
    assert_eq!(store.form, Op::StoreAttrInstanceValue, "{store:?}");
    assert!(store.operands[0].contains(TypeClass::Other), "{store:?}");
    let load = site(&f, Op::LoadAttr);
    // The store and the load of `p.x` cache the same class and entry.
    assert_eq!(store.attr, load.attr, "{store:?} {load:?}");
    assert!(matches!(
        store.attr,
        Some(feedback::AttrSource::InstanceValue { class_version, index: 0, .. }) if class_version > 0
    ));
    let call = site(&f, Op::CallMethod);
    assert_eq!(call.form, Op::CallMethodPyExactArgs, "{call:?}");
    assert!(call.callee_version.is_some(), "{call:?}");
    vm.shutdown();
}

#[test]
fn a_store_after_a_property_appears_runs_its_setter() {
    // Warmup 0: the store site is quickened at once, then the class gains
    // a property of that name, which must take the next store.
    let src = "class P:\n    def __init__(self):\n        self.x = 0\ndef put(p, v):\n    p.x = v\np = P()\nput(p, 1)\nput(p, 2)\nseen = []\nP.x = property(lambda s: s.__dict__['x'], lambda s, v: seen.append(v))\nput(p, 3)\nassert seen == [3], seen\nassert p.x == 2, p.x\ndel P.x\nput(p, 4)\nassert p.x == 4 and seen == [3]\n";
    let (mut vm, f) = run(src, 0, "put");
    let report = vm.stats_report().expect("stats were on");
    assert!(report.contains("STORE_ATTR"), "{report}");
    assert!(report.contains("class changed"), "{report}");
    assert_eq!(site(&f, Op::StoreAttr).family, Op::StoreAttr);
    vm.shutdown();
}

#[test]
fn assigning_class_after_the_caches_filled_takes_effect() {
    // `obj.__class__ = C` after the attribute and method sites of `use`
    // were quickened for A: they guard on the class, so the next calls
    // find B's method and the attribute the instance kept, and the store
    // site specializes again.
    let src = "class A:\n    def __init__(self):\n        self.x = 1\n    def f(self):\n        return 'A'\nclass B:\n    def f(self):\n        return 'B'\ndef use(o):\n    o.x = o.x + 1\n    return o.f(), o.x\na = A()\nfor i in range(5):\n    r = use(a)\nassert r == ('A', 6), r\na.__class__ = B\nassert type(a) is B\nfor i in range(5):\n    r = use(a)\nassert r == ('B', 11), r\n";
    let (mut vm, f) = run(src, 0, "use");
    assert_eq!(site(&f, Op::StoreAttr).form, Op::StoreAttrInstanceValue);
    vm.shutdown();
}

#[test]
fn a_site_seeing_subclasses_caches_each_class_version() {
    // One function reads and writes an attribute of instances of a class
    // and three subclasses: the site keeps one form, with a version per
    // class, and does not miss.
    let src = "class T:\n    def __init__(self):\n        self.n = 0\ndef step(o):\n    o.n = o.n + 1\nclass A(T): pass\nclass B(T): pass\nclass C(T): pass\nos = [A(), B(), C(), T()]\nfor i in range(40):\n    for o in os:\n        step(o)\nassert [o.n for o in os] == [40] * 4\n";
    let (mut vm, f) = run(src, 2, "step");
    for family in [Op::LoadAttr, Op::StoreAttr] {
        let s = site(&f, family);
        let Some(feedback::AttrSource::InstanceValue {
            class_version,
            more_versions,
            ..
        }) = s.attr
        else {
            panic!("{s:?}");
        };
        let mut all = vec![class_version];
        all.extend(more_versions);
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 4, "four classes, four versions: {s:?}");
        assert!(!all.contains(&0), "{s:?}");
    }
    let report = vm.stats_report().expect("stats were on");
    let misses: u64 = report
        .lines()
        .find(|l| l.starts_with("LOAD_ATTR "))
        .and_then(|l| l.split_whitespace().nth(5))
        .and_then(|n| n.parse().ok())
        .expect("a LOAD_ATTR row");
    assert_eq!(misses, 0, "{report}");
    vm.shutdown();
}

#[test]
fn a_method_site_seeing_subclasses_caches_each_class() {
    // `o.f()` over a class and subclasses: two inherit `f` from the base
    // (MRO position 1), one overrides it (position 0).
    let src = "class T:\n    def f(self):\n        return 1\nclass A(T): pass\nclass B(T):\n    def f(self):\n        return 2\ndef use(os):\n    t = 0\n    for o in os:\n        t = t + o.f()\n    return t\nos = [T(), A(), B()]\nfor i in range(30):\n    r = use(os)\nassert r == 4, r\nB.f = lambda self: 10\nassert use(os) == 12\n";
    let (mut vm, f) = run(src, 2, "use");
    let s = site(&f, Op::LoadMethod);
    assert_eq!(s.form, Op::LoadMethodInstance, "{s:?}");
    let Some(feedback::AttrSource::Method {
        mro_pos,
        more_methods,
        ..
    }) = s.attr
    else {
        panic!("{s:?}");
    };
    // T's, A's and B's entries, and B's again after the edit.
    let mut positions = vec![mro_pos];
    positions.extend(more_methods.iter().filter(|m| m.0 != 0).map(|m| m.1));
    positions.sort();
    assert_eq!(positions, [0, 0, 0, 1], "{s:?}");
    vm.shutdown();
}

#[test]
fn a_class_call_enters_init_and_caches_the_class_version() {
    let src = "class P:\n    def __init__(self, x):\n        self.x = x\ndef make(i):\n    return P(i)\nps = [make(i) for i in range(20)]\nassert [p.x for p in ps] == list(range(20))\n";
    let (mut vm, f) = run(src, 2, "make");
    let s = site(&f, Op::Call);
    assert_eq!(s.form, Op::CallPyInit, "{s:?}");
    assert!(
        matches!(s.attr, Some(feedback::AttrSource::Init { class_version }) if class_version > 0),
        "{s:?}"
    );
    // The unit holds the class's version, which is not a function's.
    assert_eq!(s.callee_version, None, "{s:?}");
    vm.shutdown();
}

#[test]
fn an_operator_on_instances_enters_the_method() {
    let src = "class V:\n    def __init__(self, x):\n        self.x = x\n    def __add__(self, o):\n        return V(self.x + o.x) if isinstance(o, V) else NotImplemented\ndef add(a, b):\n    return a + b\nt = V(0)\nfor i in range(20):\n    t = add(t, V(i))\nassert t.x == 190\ntry:\n    add(V(1), 2)\nexcept TypeError as e:\n    assert 'unsupported operand' in str(e), e\n";
    let (mut vm, f) = run(src, 2, "add");
    let s = site(&f, Op::BinaryOp);
    assert_eq!(s.form, Op::BinaryOpPy, "{s:?}");
    assert!(s.operands[0].contains(TypeClass::Other), "{s:?}");
    vm.shutdown();
}
