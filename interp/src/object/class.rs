//! Python classes: the data of a heap type ([`ClassData`]), instances
//! ([`Instance`]), bound methods and `super` objects.
//!
//! A class is a heap type (`abi::new_heap_type`): a type object with the
//! `PyTypeObject` layout static types have, so C code reads `tp_name`,
//! `tp_flags` and `tp_base` from it, plus a [`ClassData`]. It is reference
//! counted: every instance owns a reference to its type, and the type is
//! freed with its last reference (cycles through its dict go to `gc.rs`).
//!
//! Each class has a version tag (`ClassData::version`) that changes
//! whenever its dict or the dict of any class in its MRO changes: a class
//! tells its subclasses (through weak links to their [`TypeVersion`]s), so
//! an inline cache that checked the version may trust what it cached.

use super::{DictKey, DictObj, ObjRef, PyErr, PyResult, Value};
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

thread_local! {
    static NEXT_TYPE_VERSION: Cell<u32> = const { Cell::new(1) };
}

/// A fresh version tag (0 once they run out: a type with version 0 is
/// never cached, as CPython does with `tp_version_tag`).
fn next_type_version() -> u32 {
    NEXT_TYPE_VERSION.with(|c| {
        let v = c.get();
        if v != 0 {
            c.set(v.wrapping_add(1));
        }
        v
    })
}

thread_local! {
    /// The classes by version tag, for [`class_of_version`]: the entries
    /// of tags still current, pruned whenever the map doubles.
    static VERSIONED: RefCell<(std::collections::HashMap<u32, abi::WeakType>, usize)> =
        RefCell::new((std::collections::HashMap::new(), 64));
}

fn remember_version(tag: u32, ty: &abi::WeakType) {
    VERSIONED.with(|v| {
        let Ok(mut v) = v.try_borrow_mut() else {
            return;
        };
        let (map, limit) = &mut *v;
        map.insert(tag, ty.clone());
        if map.len() > *limit {
            // Tags of freed classes, and tags a class has moved on from.
            map.retain(|tag, w| w.upgrade().is_some_and(|t| type_tag(&t) == Some(*tag)));
            *limit = (2 * map.len()).max(64);
        }
    });
}

fn type_tag(t: &ObjRef) -> Option<u32> {
    t.as_type().map(|t| t.tp_version_tag.get())
}

/// The class whose version tag is `tag` now, if it still exists: what
/// compiled code speculates on when an inline cache names only a version
/// (the JIT's method calls find the method through it).
pub fn class_of_version(tag: u32) -> Option<ObjRef> {
    if tag == 0 {
        return None;
    }
    let t = VERSIONED.with(|v| v.try_borrow().ok()?.0.get(&tag)?.upgrade())?;
    (type_tag(&t) == Some(tag)).then_some(t)
}

/// A class's version tag and the tags of its direct subclasses.
///
/// The tag is also kept in the class's type object (`tp_version_tag`),
/// where the inline caches read it from an instance's type pointer
/// without finding the class data: [`ClassData::attach`] links the two,
/// and every change of the tag writes both.
pub struct TypeVersion {
    tag: Cell<u32>,
    /// The class's type object, once it exists.
    ty: std::cell::OnceCell<abi::WeakType>,
    subclasses: RefCell<Vec<Weak<TypeVersion>>>,
}

impl TypeVersion {
    fn new() -> Rc<TypeVersion> {
        Rc::new(TypeVersion {
            tag: Cell::new(next_type_version()),
            ty: std::cell::OnceCell::new(),
            subclasses: RefCell::new(Vec::new()),
        })
    }

    fn set(&self, tag: u32) {
        self.tag.set(tag);
        if let Some(t) = self.ty.get() {
            t.set_version_tag(tag);
            if tag != 0 {
                remember_version(tag, t);
            }
        }
    }

    /// Gives this class and every subclass a new tag.
    fn invalidate(&self) {
        self.set(next_type_version());
        let subs: Vec<Rc<TypeVersion>> = {
            let mut s = self.subclasses.borrow_mut();
            s.retain(|w| w.strong_count() > 0);
            s.iter().filter_map(Weak::upgrade).collect()
        };
        for s in subs {
            s.invalidate();
        }
    }
}

/// The Rust data of a Python class (held by its heap type object).
pub struct ClassData {
    /// `__name__`.
    pub name: RefCell<String>,
    /// `__qualname__`.
    pub qualname: RefCell<String>,
    /// `__bases__`.
    pub bases: Vec<ObjRef>,
    /// `__mro__` without the class itself (it would own itself).
    pub mro_tail: Vec<ObjRef>,
    /// The class `__dict__` (a `dict`). Change it only through
    /// [`ClassData::set_attr`]/[`ClassData::del_attr`], which move the
    /// version tag.
    pub dict: ObjRef,
    /// The version tag, shared with base classes' subclass lists.
    pub version: Rc<TypeVersion>,
    /// Made by C code (`PyErr_NewException`): C may keep a reference
    /// for the rest of the process (see [`crate::classes::keep_c_classes`]).
    pub made_by_c: Cell<bool>,
    /// Where [`lookup`] found names, while the version tag stays the same.
    memo: RefCell<LookupMemo>,
    /// The names of the instance slots (`__slots__` of the bases, then the
    /// class's own), in [`Instance::slots`] order.
    pub slot_names: Vec<String>,
    /// Whether instances have a `__dict__` (no `__slots__`, or one that
    /// lists `__dict__`, or a base's instances have one).
    pub has_dict: bool,
    /// The attribute names instances keep in [`Instance::values`] before
    /// they have a dict, in the order `__init__` usually sets them
    /// (CPython 3.11's shared keys): append-only, at most
    /// [`SHARED_KEYS_MAX`], so an index into it never changes meaning.
    pub shared_keys: RefCell<Vec<ObjRef>>,
    /// [`ClassData::attr_hooks`] as last computed, with the version tag
    /// it was computed at.
    hooks: Cell<(u32, u8)>,
    /// The [`abc`] bits: an abstract base class (made with
    /// `metaclass=ABCMeta` or derived from one), and one with abstract
    /// methods left (it cannot be instantiated).
    pub abc: Cell<u8>,
    /// The class standing in for this class's metaclass (`enum.EnumType`):
    /// the special methods of the class object itself (`iter(C)`,
    /// `len(C)`, `C[k]`, `C(v)`, `repr(C)`) and its attributes not found in
    /// its MRO come from its dict. Set by `enum._set_meta`, inherited by
    /// subclasses.
    pub meta: RefCell<Option<ObjRef>>,
}

/// Bits of [`ClassData::abc`], set by the `abc` module (`stdlib/py/abc.py`).
pub mod abc {
    /// An abstract base class: `isinstance` and `issubclass` ask
    /// `ABCMeta.__subclasscheck__`, and the class finds `ABCMeta`'s
    /// functions (`register`) as its own attributes.
    pub const ABC: u8 = 1;
    /// `__abstractmethods__` is not empty: instantiating raises.
    pub const ABSTRACT: u8 = 2;
}

/// Bits of [`ClassData::attr_hooks`]: which attribute-access methods of
/// its own (not `object`'s) the class has, in its MRO.
pub mod hook {
    /// `__getattribute__`: runs for every attribute load.
    pub const GETATTRIBUTE: u8 = 1;
    /// `__getattr__`: runs when the normal lookup raises `AttributeError`.
    pub const GETATTR: u8 = 2;
    /// `__setattr__`: runs for every attribute store.
    pub const SETATTR: u8 = 4;
    /// `__delattr__`: runs for every attribute deletion.
    pub const DELATTR: u8 = 8;
}

/// The most attribute names a class shares among its instances' values.
pub const SHARED_KEYS_MAX: usize = 30;

/// [`lookup`]'s answers for one class and version tag: each name with
/// where along the MRO it was found, as (MRO position << 24 | entry index
/// in that class's dict), or [`LookupMemo::ABSENT`]. Locations rather
/// than values, so these own no reference and a stale entry can only miss.
#[derive(Default)]
struct LookupMemo {
    version: u32,
    entries: Vec<(Box<str>, u32)>,
    /// [`lookup_static`]'s answers (`None`: on no class of the MRO), keyed
    /// by the name's address and length: a `&'static str` is never freed,
    /// so these name its text for the whole run, and a hit costs integer
    /// compares and a count where `entries` compares text and reads a dict
    /// entry. The values are owned: the collector visits them
    /// ([`ClassData::for_each_memo_value`]) and clears them with the class.
    statics: Vec<(usize, usize, Option<Value>)>,
}

impl LookupMemo {
    /// The name is on no class of the MRO.
    const ABSENT: u32 = u32::MAX;
    /// Names remembered per class: the dunders the runtime asks for
    /// (`__init__`, operators, `__getattr__`…) and a few more.
    const MAX: usize = 24;
}

impl ClassData {
    /// The data of a new class: `bases` and the linearization `mro_tail`
    /// (see [`c3_merge`]), its namespace `dict`.
    pub fn new(
        name: &str,
        qualname: &str,
        bases: Vec<ObjRef>,
        mro_tail: Vec<ObjRef>,
        dict: ObjRef,
    ) -> ClassData {
        let version = TypeVersion::new();
        for b in &bases {
            if let Some(cd) = class_data(b) {
                cd.version
                    .subclasses
                    .borrow_mut()
                    .push(Rc::downgrade(&version));
            }
        }
        ClassData {
            name: RefCell::new(name.to_owned()),
            qualname: RefCell::new(qualname.to_owned()),
            bases,
            mro_tail,
            dict,
            version,
            made_by_c: Cell::new(false),
            memo: RefCell::new(LookupMemo::default()),
            slot_names: Vec::new(),
            has_dict: true,
            shared_keys: RefCell::new(Vec::new()),
            hooks: Cell::new((0, 0)),
            abc: Cell::new(0),
            meta: RefCell::new(None),
        }
    }

    /// The [`hook`] bits of this class: computed once per version tag (a
    /// class that gains `__getattr__` moves its tag, and its subclasses').
    #[inline]
    pub fn attr_hooks(&self) -> u8 {
        let tag = self.version_tag();
        let (at, bits) = self.hooks.get();
        if at == tag && tag != 0 {
            return bits;
        }
        let bits = self.find_hooks();
        self.hooks.set((tag, bits));
        bits
    }

    #[cold]
    fn find_hooks(&self) -> u8 {
        let mut bits = 0;
        for (name, bit) in [
            ("__getattribute__", hook::GETATTRIBUTE),
            ("__getattr__", hook::GETATTR),
            ("__setattr__", hook::SETATTR),
            ("__delattr__", hook::DELATTR),
        ] {
            let probe = super::dict::StrProbe::new(name);
            let own = std::iter::once(self);
            let found = own
                .chain(self.mro_tail.iter().filter_map(class_data))
                .any(|c| c.dict().is_some_and(|d| d.get_probe(&probe).is_some()));
            if found {
                bits |= bit;
            }
        }
        bits
    }

    /// Links the class data to `cls`, the type object holding it: from
    /// now on the type's `tp_version_tag` is the class's version tag.
    pub fn attach(&self, cls: &ObjRef) {
        let Some(t) = cls.as_type() else {
            return;
        };
        if let Some(w) = t.weak()
            && self.version.ty.set(w).is_ok()
        {
            self.version.set(self.version.tag.get());
        }
    }

    /// `C.__subclasses__()`: the classes that name this one among their
    /// bases and still exist, oldest first.
    pub fn subclasses(&self) -> Vec<ObjRef> {
        let mut subs = self.version.subclasses.borrow_mut();
        subs.retain(|w| w.strong_count() > 0);
        subs.iter()
            .filter_map(Weak::upgrade)
            .filter_map(|v| v.ty.get().and_then(abi::WeakType::upgrade))
            .collect()
    }

    /// Whether this class or a Python class of its MRO has an attribute
    /// named `name` (a str) in its dict.
    pub fn defines(&self, name: &ObjRef) -> bool {
        std::iter::once(self)
            .chain(self.mro_tail.iter().filter_map(class_data))
            .any(|c| c.dict().is_some_and(|d| d.has_str_key(name)))
    }

    /// The current version tag.
    #[inline]
    pub fn version_tag(&self) -> u32 {
        self.version.tag.get()
    }

    /// The class dict's payload.
    pub fn dict(&self) -> Option<&DictObj> {
        self.dict.downcast::<DictObj>()
    }

    /// `C.name = value`: sets it in the class dict and moves the version
    /// tags of this class and its subclasses.
    pub fn set_attr(&self, name: &str, value: Value) {
        if let Some(d) = self.dict() {
            d.set_str(name, value);
        }
        self.version.invalidate();
    }

    /// `del C.name`; `false` if the dict had no such entry.
    pub fn del_attr(&self, name: &str) -> bool {
        let removed = self.dict().and_then(|d| {
            d.remove(&DictKey::from_str_obj(&crate::object::StrObj::new_obj(
                name,
            )))
        });
        self.version.invalidate();
        removed.is_some()
    }
}

/// The class data of `o`, if it is a Python class.
pub fn class_data(o: &ObjRef) -> Option<&ClassData> {
    o.as_type()?.heap_data::<ClassData>()
}

/// The MRO of the type `t`: itself first, then its bases' linearization
/// (for a static type, the chain of `tp_base`).
pub fn mro_of(t: &ObjRef) -> Vec<ObjRef> {
    let mut v = vec![t.clone()];
    if let Some(cd) = class_data(t) {
        v.extend(cd.mro_tail.iter().cloned());
        return v;
    }
    if let Some(ty) = t.as_type()
        && !extra_static_bases(ty).is_empty()
    {
        // A built-in type with several bases: C3 over them, as for a class.
        if let Ok(tail) = c3_merge(&static_bases(ty)) {
            v.extend(tail);
            return v;
        }
    }
    let mut cur = t.as_type().and_then(|ty| ty.base());
    while let Some(b) = cur {
        v.push(b.to_ref());
        cur = b.base();
    }
    v
}

/// The bases after `tp_base` of the built-in types that CPython gives
/// more than one (`io.UnsupportedOperation` derives from `OSError` and
/// `ValueError`). A static type has one `tp_base`; the others are listed
/// here, and the MRO, `__bases__` and subclass checks read them.
pub fn extra_static_bases(t: &abi::TypeObject) -> &'static [&'static abi::StaticType] {
    static UNSUPPORTED_OPERATION: [&abi::StaticType; 1] = [&super::types::VALUE_ERROR];
    if std::ptr::eq(t, super::types::UNSUPPORTED_OPERATION.get()) {
        &UNSUPPORTED_OPERATION
    } else {
        &[]
    }
}

/// `__bases__` of a static type: `tp_base`, then its
/// [`extra_static_bases`].
pub fn static_bases(t: &abi::TypeObject) -> Vec<ObjRef> {
    let mut v: Vec<ObjRef> = t.base().map(|b| b.to_ref()).into_iter().collect();
    v.extend(extra_static_bases(t).iter().map(|b| b.get().to_ref()));
    v
}

/// Whether the type `sub` is `sup` or a subclass of it (by MRO for classes,
/// by `tp_base` for static and C types).
pub fn is_subclass(sub: &abi::TypeObject, sup: &abi::TypeObject) -> bool {
    if std::ptr::eq(sub, sup) {
        return true;
    }
    if let Some(cd) = sub.heap_data::<ClassData>() {
        return cd
            .mro_tail
            .iter()
            .any(|t| t.as_type().is_some_and(|t| std::ptr::eq(t, sup)));
    }
    let mut cur = Some(sub);
    while let Some(t) = cur {
        if std::ptr::eq(t, sup)
            || extra_static_bases(t)
                .iter()
                .any(|b| is_subclass(b.get(), sup))
        {
            return true;
        }
        cur = t.base();
    }
    false
}

/// Looks `name` up in the dicts along the MRO of type `t` (not in the
/// instance): CPython's `_PyType_Lookup`.
pub fn lookup(t: &abi::TypeObject, name: &str) -> Option<Value> {
    let cd = t.heap_data::<ClassData>()?;
    let tag = cd.version_tag();
    // The runtime asks a class for the same few names again and again
    // (`__init__` at each `C()`, `__add__` at each `a + b`): the memo
    // saves hashing the name and probing the MRO's dicts. A tag of 0 is
    // never trusted (tags ran out).
    if tag != 0
        && let Ok(m) = cd.memo.try_borrow()
        && m.version == tag
        && let Some(&(_, at)) = m.entries.iter().find(|(k, _)| **k == *name)
    {
        if at == LookupMemo::ABSENT {
            return None;
        }
        if let Some(v) = memo_read(cd, at, name) {
            return Some(v);
        }
    }
    let found = locate(cd, name);
    if tag != 0
        && let (Some(at), Ok(mut m)) = (memo_location(&found), cd.memo.try_borrow_mut())
    {
        let stale = m.renew(tag);
        if m.entries.len() < LookupMemo::MAX {
            m.entries.retain(|(k, _)| **k != *name);
            m.entries.push((name.into(), at));
        }
        drop((m, stale));
    }
    found.map(|(_, _, v)| v)
}

/// [`lookup`] for a name the runtime spells in its own code (the dunders
/// it looks up at every `C()` or `a + b`): remembered by the name's
/// address, so a hit compares no text.
pub fn lookup_static(t: &abi::TypeObject, name: &'static str) -> Option<Value> {
    let cd = t.heap_data::<ClassData>()?;
    let tag = cd.version_tag();
    let key = (name.as_ptr() as usize, name.len());
    if tag != 0
        && let Ok(m) = cd.memo.try_borrow()
        && m.version == tag
        && let Some((_, _, v)) = m.statics.iter().find(|(p, n, _)| (*p, *n) == key)
    {
        return v.clone();
    }
    let found = locate(cd, name).map(|(_, _, v)| v);
    if tag != 0
        && let Ok(mut m) = cd.memo.try_borrow_mut()
    {
        let stale = m.renew(tag);
        if m.statics.len() < LookupMemo::MAX {
            m.statics.push((key.0, key.1, found.clone()));
        }
        drop((m, stale));
    }
    found
}

impl ClassData {
    /// Calls `f` with each value [`lookup_static`] remembers (the
    /// collector's edges from the class to them).
    pub fn for_each_memo_value(&self, mut f: impl FnMut(&Value)) {
        if let Ok(m) = self.memo.try_borrow() {
            m.statics
                .iter()
                .filter_map(|(_, _, v)| v.as_ref())
                .for_each(&mut f);
        }
    }

    /// Forgets what [`lookup_static`] remembers (the collector clearing a
    /// garbage class).
    pub fn clear_memo(&self) {
        let old = self
            .memo
            .try_borrow_mut()
            .map(|mut m| std::mem::take(&mut m.statics));
        drop(old);
    }
}

impl LookupMemo {
    /// Forgets every answer if they were given at another version tag.
    /// Gives the values remembered at the old tag, for the caller to drop
    /// once the memo is no longer borrowed (a free they cause may reach
    /// this class again).
    #[must_use]
    fn renew(&mut self, tag: u32) -> Vec<(usize, usize, Option<Value>)> {
        if self.version == tag {
            return Vec::new();
        }
        self.version = tag;
        self.entries.clear();
        std::mem::take(&mut self.statics)
    }
}

/// Where `name` is along the MRO of `cd`: the MRO position (0: the class
/// itself), the entry index in that class's dict, and the value.
fn locate(cd: &ClassData, name: &str) -> Option<(usize, usize, Value)> {
    // Hashed once for the whole MRO.
    let probe = super::dict::StrProbe::new(name);
    cd.dict()
        .and_then(|d| d.get_probe_full(&probe))
        .map(|(i, v)| (0, i, v))
        .or_else(|| {
            cd.mro_tail.iter().enumerate().find_map(|(pos, c)| {
                with_mro_dict(c, |d| d.get_probe_full(&probe)).map(|(i, v)| (pos + 1, i, v))
            })
        })
}

/// The memo's form of what [`locate`] found (`None`: not expressible).
fn memo_location(found: &Option<(usize, usize, Value)>) -> Option<u32> {
    match found {
        None => Some(LookupMemo::ABSENT),
        Some((pos, i, _)) if *pos < 255 && *i < (1 << 24) => {
            Some(((*pos as u32) << 24) | *i as u32)
        }
        Some(_) => None,
    }
}

/// The value a memo entry points at, if that entry still holds `name`.
fn memo_read(cd: &ClassData, at: u32, name: &str) -> Option<Value> {
    let pos = (at >> 24) as usize;
    let index = (at & 0xff_ffff) as usize;
    match pos {
        0 => cd.dict()?.value_at_str(index, name),
        p => with_mro_dict(cd.mro_tail.get(p - 1)?, |d| d.value_at_str(index, name)),
    }
}

/// `f` on the dict of `c`, a class of an MRO: a Python class's `__dict__`,
/// or the `tp_dict` of a type defined in C (a Python class may derive
/// from one: its methods, members and get-sets are found this way).
fn with_mro_dict<R>(c: &ObjRef, f: impl FnOnce(&DictObj) -> Option<R>) -> Option<R> {
    if let Some(cd) = class_data(c) {
        return f(cd.dict()?);
    }
    let d = c.as_type()?.dict_ref()?;
    f(d.downcast::<DictObj>()?)
}

/// CPython's C3 linearization of `bases` (each with its own MRO), or the
/// TypeError CPython raises when there is none.
pub fn c3_merge(bases: &[ObjRef]) -> PyResult<Vec<ObjRef>> {
    let mut seqs: Vec<Vec<ObjRef>> = bases.iter().map(mro_of).collect();
    seqs.push(bases.to_vec());
    let mut out: Vec<ObjRef> = Vec::new();
    loop {
        seqs.retain(|s| !s.is_empty());
        if seqs.is_empty() {
            return Ok(out);
        }
        let candidate = seqs.iter().find_map(|s| {
            let head = &s[0];
            let in_tail = seqs.iter().any(|o| o[1..].iter().any(|x| x.ptr_eq(head)));
            (!in_tail).then(|| head.clone())
        });
        let Some(c) = candidate else {
            // CPython names the heads of the remaining sequences, each
            // once, in order.
            let mut names: Vec<String> = Vec::new();
            for s in &seqs {
                let n = type_short_name(&s[0]);
                if !names.contains(&n) {
                    names.push(n);
                }
            }
            return Err(PyErr::type_error(format!(
                "Cannot create a consistent method resolution\norder (MRO) for bases {}",
                names.join(", ")
            )));
        };
        for s in seqs.iter_mut() {
            if s[0].ptr_eq(&c) {
                s.remove(0);
            }
        }
        out.push(c);
    }
}

/// `__name__` of a type.
pub fn type_short_name(t: &ObjRef) -> String {
    if let Some(cd) = class_data(t) {
        return cd.name.borrow().clone();
    }
    let full = t.as_type().map(|t| t.name()).unwrap_or("?");
    full.rsplit('.').next().unwrap_or(full).to_owned()
}

/// An instance of a Python class: its attributes live in its `__dict__`.
pub struct Instance {
    /// `__dict__` (a `dict`) once it exists: an instance starts with its
    /// attributes in [`Instance::values`] and gets a dict when anything
    /// but the quickened forms touches its attributes
    /// ([`Instance::materialize`]). Never set when the class's
    /// `__slots__` leave its instances without one.
    pub dict: std::cell::OnceCell<ObjRef>,
    /// The attributes while there is no dict, as (name, its hash, value):
    /// entry `i` is the class's `shared_keys[i]` (CPython 3.11's inline
    /// values), so making an instance and setting its attributes builds no
    /// dict. The name and hash are kept with the value so that a quickened
    /// load checks the name, and a method load the hashes, with one borrow.
    pub values: RefCell<Vec<(ObjRef, u64, Value)>>,
    /// The values of the class's slots (`__slots__`, bases' first), in
    /// the order of [`ClassData::slot_names`]; `None` while unset.
    pub slots: RefCell<Box<[Option<Value>]>>,
}

impl Instance {
    /// A new instance payload for class data `cd`, before `__init__`.
    pub fn new(cd: &ClassData) -> Instance {
        let n = if cd.has_dict {
            cd.shared_keys.try_borrow().map_or(0, |k| k.len())
        } else {
            0
        };
        Instance {
            dict: std::cell::OnceCell::new(),
            values: RefCell::new(Vec::with_capacity(n)),
            // (Most classes have no slots: no allocation, no fill loop.)
            slots: RefCell::new(if cd.slot_names.is_empty() {
                Box::default()
            } else {
                vec![None; cd.slot_names.len()].into_boxed_slice()
            }),
        }
    }

    /// The `__dict__` payload, if the instance has one already (the
    /// quickened forms' view; see [`Instance::materialize`]).
    #[inline]
    pub fn dict_obj(&self) -> Option<&DictObj> {
        self.dict.get()?.downcast::<DictObj>()
    }

    /// The `__dict__`, made from the values if it does not exist yet
    /// (`cd` is the instance's class); `None` for an instance without one.
    /// Its entries are the values in shared-key order, so an entry index
    /// a cache recorded means the same attribute before and after.
    pub fn materialize(&self, cd: &ClassData) -> Option<&ObjRef> {
        if let Some(d) = self.dict.get() {
            return Some(d);
        }
        if !cd.has_dict {
            return None;
        }
        let d = DictObj::new();
        let values = self
            .values
            .try_borrow_mut()
            .ok()
            .map(|mut v| std::mem::take(&mut *v));
        for (k, _, v) in values.into_iter().flatten() {
            d.insert(DictKey::from_str_obj(&k), v);
        }
        // Untracked: the collector reaches it through the instance until
        // `obj.__dict__` hands it out.
        let _ = self
            .dict
            .set(ObjRef::new(crate::object::types::DICT.get(), d));
        self.dict.get()
    }

    /// Attribute `name` of the instance's own (its dict's or, while it
    /// has none, its values'), without making a dict: CPython 3.11 also
    /// reads and writes inline values through the generic path, so an
    /// instance made before its class's code was quickened keeps them.
    pub fn own_attr(&self, name: &str) -> Option<Value> {
        if let Some(d) = self.dict_obj() {
            return d.get_str(name);
        }
        let vals = self.values.try_borrow().ok()?;
        vals.iter()
            .find(|(k, _, _)| key_is(k, name))
            .map(|(_, _, v)| v.clone())
    }

    /// Where attribute `name` is among the instance's own (the dict's
    /// entry index, or the value's index, which is the same: see
    /// [`Instance::materialize`]), or `None`.
    pub fn own_index(&self, name: &str) -> Option<usize> {
        if let Some(d) = self.dict_obj() {
            return d.get_full_str(name).map(|(i, _)| i);
        }
        let vals = self.values.try_borrow().ok()?;
        vals.iter().position(|(k, _, _)| key_is(k, name))
    }

    /// How many attributes of its own the instance has.
    pub fn own_len(&self) -> usize {
        match self.dict_obj() {
            Some(d) => d.len(),
            None => self.values.try_borrow().map_or(0, |v| v.len()),
        }
    }

    /// `obj.name = value` into the instance's own attributes (`cd` is its
    /// class): into its values while it has none of a dict and the name
    /// is the value's shared key or the next one, else into its dict
    /// (made if need be). `false` for an instance that has no dict at all
    /// (`__slots__`) and no value of that name.
    pub fn set_own(&self, cd: &ClassData, name: &str, value: Value) -> bool {
        if !cd.has_dict {
            return false;
        }
        if self.dict.get().is_none() {
            let key = {
                let index = self.values.try_borrow().map_or(usize::MAX, |v| v.len());
                let keys = cd.shared_keys.try_borrow();
                let shared = keys.as_ref().ok().and_then(|k| {
                    k.iter()
                        .position(|k| key_is(k, name))
                        .map(|at| (at, k[at].clone()))
                });
                match shared {
                    Some((at, k)) if at <= index => Some((at, k)),
                    Some(_) => None,
                    None => Some((index, super::StrObj::new_obj(name))),
                }
            };
            if let Some((at, k)) = key {
                match self.store_value(cd, at, &k, value) {
                    Ok(()) => return true,
                    Err(v) => return self.set_in_dict(cd, name, v),
                }
            }
        }
        self.set_in_dict(cd, name, value)
    }

    fn set_in_dict(&self, cd: &ClassData, name: &str, value: Value) -> bool {
        match self.materialize(cd).and_then(|d| d.downcast::<DictObj>()) {
            Some(d) => {
                d.set_str(name, value);
                true
            }
            None => false,
        }
    }

    /// Stores `v` into the values (the instance has no dict): replaces the
    /// value at `index` (its shared key must be `name`), or appends it when
    /// `index` is the number of values and the next shared key is `name` (a
    /// new shared key when the instance has them all and `name` is not one).
    /// The value comes back when it does not fit.
    pub fn store_value(
        &self,
        cd: &ClassData,
        index: usize,
        name: &ObjRef,
        v: Value,
    ) -> Result<(), Value> {
        let Ok(mut vals) = self.values.try_borrow_mut() else {
            return Err(v);
        };
        let Ok(mut keys) = cd.shared_keys.try_borrow_mut() else {
            return Err(v);
        };
        if index < vals.len() {
            if !str_same(&vals[index].0, name) {
                return Err(v);
            }
            let old = std::mem::replace(&mut vals[index].2, v);
            drop((vals, keys));
            drop(old);
            return Ok(());
        }
        if index != vals.len() {
            return Err(v);
        }
        match keys.get(index) {
            Some(k) if str_same(k, name) => {}
            Some(_) => return Err(v),
            None => {
                let new_key = index == keys.len()
                    && keys.len() < SHARED_KEYS_MAX
                    && !keys.iter().any(|k| str_same(k, name));
                if !new_key {
                    return Err(v);
                }
                keys.push(name.clone());
                // Instances' values may now shadow a method of that name,
                // which LOAD_METHOD_INSTANCE caches trust they do not.
                if cd.defines(name) {
                    cd.version.invalidate();
                }
            }
        }
        if vals.try_reserve(1).is_err() {
            return Err(v);
        }
        let hash = name
            .downcast::<super::StrObj>()
            .map_or(0, super::StrObj::hash);
        vals.push((name.clone(), hash, v));
        Ok(())
    }

    /// [`Instance::materialize`] for the instance object `o`, as a payload.
    pub fn dict_of(o: &ObjRef) -> Option<&DictObj> {
        let cd = o.ty().heap_data::<ClassData>()?;
        o.downcast::<Instance>()?
            .materialize(cd)?
            .downcast::<DictObj>()
    }
}

/// Whether the key object `k` (a str) holds the text `name`.
fn key_is(k: &ObjRef, name: &str) -> bool {
    k.downcast::<super::StrObj>()
        .is_some_and(|s| s.as_str() == name)
}

/// Whether two str objects hold the same text (names are interned per
/// code object, so usually the same object).
#[inline(always)]
pub fn str_same(a: &ObjRef, b: &ObjRef) -> bool {
    a.ptr_eq(b)
        || matches!(
            (a.downcast::<super::StrObj>(), b.downcast::<super::StrObj>()),
            (Some(x), Some(y)) if x.as_str() == y.as_str()
        )
}

/// A slot of `__slots__` on its class (`member_descriptor`, CPython's
/// `PyMemberDescrObject`): reads and writes entry `index` of an instance's
/// slots. It names its class rather than owning it (the class dict holds
/// the descriptor), by address for the check that a receiver has its
/// layout.
pub struct MemberDescr {
    /// The attribute name (mangled, as the class dict has it).
    pub name: String,
    /// The index in [`Instance::slots`].
    pub index: usize,
    /// The class that declared the slot: its address and `__name__`.
    pub owner: usize,
    /// The owner's `__name__` (for messages and `repr`).
    pub owner_name: String,
}

/// A function bound to an object (`obj.method` when the class holds a
/// function).
pub struct BoundMethod {
    /// `__func__`.
    pub func: Value,
    /// `__self__`.
    pub receiver: Value,
}

impl BoundMethod {
    /// A new bound method object.
    pub fn new_obj(func: Value, receiver: Value) -> ObjRef {
        let o = ObjRef::new(
            crate::object::types::METHOD.get(),
            BoundMethod { func, receiver },
        );
        abi::gc_track(&o);
        o
    }
}

/// `super(cls, obj)`: looks attributes up in the MRO of `type(obj)` after
/// `cls`.
pub struct SuperObj {
    /// The class whose successors are searched.
    pub cls: ObjRef,
    /// The object methods are bound to.
    pub obj: Value,
}

impl SuperObj {
    /// A new super object.
    pub fn new_obj(cls: ObjRef, obj: Value) -> ObjRef {
        let o = ObjRef::new(crate::object::types::SUPER.get(), SuperObj { cls, obj });
        abi::gc_track(&o);
        o
    }
}

/// `property(fget, fset, fdel, doc)`: a data descriptor.
pub struct PropertyObj {
    /// The getter (`None` for none).
    pub fget: Value,
    /// The setter.
    pub fset: Value,
    /// The deleter.
    pub fdel: Value,
    /// `__doc__`.
    pub doc: Value,
    /// The attribute name, from `__set_name__` when its class is made
    /// (CPython's messages name it).
    pub name: RefCell<Option<String>>,
}

impl PropertyObj {
    /// A new property object.
    pub fn new_obj(fget: Value, fset: Value, fdel: Value, doc: Value) -> ObjRef {
        let o = ObjRef::new(
            crate::object::types::PROPERTY.get(),
            PropertyObj {
                fget,
                fset,
                fdel,
                doc,
                name: RefCell::new(None),
            },
        );
        abi::gc_track(&o);
        o
    }

    /// The name messages use: the one it was set under, else its
    /// getter's `__name__`.
    pub fn display_name(&self) -> String {
        if let Some(n) = &*self.name.borrow() {
            return n.clone();
        }
        match self.fget.downcast::<crate::object::Function>() {
            Some(f) => f.code.name.clone(),
            None => "?".into(),
        }
    }
}

/// `staticmethod(f)` or `classmethod(f)`: the function, and which.
pub struct MethodWrapper {
    /// The wrapped callable (`__func__`).
    pub func: Value,
}

impl MethodWrapper {
    /// A new `staticmethod` (`class_method` false) or `classmethod`.
    pub fn new_obj(func: Value, class_method: bool) -> ObjRef {
        let t = if class_method {
            crate::object::types::CLASSMETHOD.get()
        } else {
            crate::object::types::STATICMETHOD.get()
        };
        let o = ObjRef::new(t, MethodWrapper { func });
        abi::gc_track(&o);
        o
    }
}
