//! How compiled code reads and writes an interpreter `Value`: a 16-byte
//! `#[repr(u64)]` enum, tag word first, payload word second. Compiled code
//! depends on these numbers; the test below pins them against real
//! `interp::Value`s so a change to the enum fails here, not at run time.

use interp::object::types::Kind;

/// Size of a `Value` in bytes (the stride of a slot array).
pub const VALUE_SIZE: i32 = 16;
/// Byte offset of the tag word.
pub const TAG_OFFSET: i32 = 0;
/// Byte offset of the payload word (`i64`, `f64` bits, or a `bool` byte).
pub const PAYLOAD_OFFSET: i32 = 8;
/// Tag of `Value::None`.
pub const TAG_NONE: u64 = 0;
/// Tag of `Value::Bool`; the payload is one byte, 0 or 1.
pub const TAG_BOOL: u64 = 1;
/// Tag of `Value::Int`.
pub const TAG_INT: u64 = 2;
/// Tag of `Value::Float`.
pub const TAG_FLOAT: u64 = 3;
/// Tag of `Value::Obj` (compiled code in this slice never holds one).
pub const TAG_OBJ: u64 = 4;
/// Byte offset of an object's type pointer (`ob_type`, as in CPython).
pub const OB_TYPE_OFFSET: i32 = std::mem::offset_of!(abi::ObjHeader, ob_type) as i32;
/// Byte offset of a type object's `tp_version_tag` (a `u32`, as in
/// CPython; the tag of a Python class, 0 for other types).
pub const TP_VERSION_TAG_OFFSET: i32 = std::mem::offset_of!(abi::TypeObject, tp_version_tag) as i32;
/// Byte offset of a type object's dispatch kind (`tp_typhon.kind`, a
/// `u32`: `interp::object::types::Kind`).
pub const TYPE_KIND_OFFSET: i32 = (std::mem::offset_of!(abi::TypeObject, tp_typhon)
    + std::mem::offset_of!(abi::TyphonTypeInfo, kind)) as i32;
/// The kinds, first and last, of the objects a value does not hold as an
/// object (`Value::from_heap`): int, bool, float and None become numbers
/// or constants, and a str C made may still have its text to sync
/// (`capi::object::take_new`). One range, so that one compare tells.
pub const UNBOXED_KINDS: (u32, u32) = (Kind::INT, Kind::STR);
const _: () = {
    assert!(Kind::INT == UNBOXED_KINDS.0 && Kind::STR == UNBOXED_KINDS.1);
    assert!(UNBOXED_KINDS.0 <= Kind::BOOL && Kind::BOOL <= UNBOXED_KINDS.1);
    assert!(UNBOXED_KINDS.0 <= Kind::FLOAT && Kind::FLOAT <= UNBOXED_KINDS.1);
    assert!(UNBOXED_KINDS.0 <= Kind::NONE && Kind::NONE <= UNBOXED_KINDS.1);
    assert!(UNBOXED_KINDS.1 - UNBOXED_KINDS.0 == 4);
};

/// The count at and above which an object is immortal (never written).
pub const IMMORTAL_REFCNT: i64 = abi::IMMORTAL_REFCNT as i64;

/// Where compiled code finds an instance's attributes while it has no
/// dict (`interp::object::class::Instance::values`, a
/// `RefCell<Vec<(name, hash, value)>>`), as byte offsets from the
/// instance object's address (entry fields: from the entry).
///
/// Rust fixes none of these positions in advance (a `Vec`'s three words
/// come in an unspecified order, a `RefCell`'s flag may go before or after
/// its value), but one build always lays them out the same way, so they
/// are found once by looking at real values ([`instance_layout`]); when
/// anything is not as expected there is no layout, and compiled code
/// calls the helpers for every attribute instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InstanceLayout {
    /// The `__dict__` cell's word: 0 while the instance has no dict.
    pub dict: i32,
    /// The values' borrow flag: 0 while not borrowed, negative while
    /// borrowed mutably.
    pub flag: i32,
    /// The values' buffer pointer.
    pub ptr: i32,
    /// The number of values.
    pub len: i32,
    /// The values' capacity.
    pub cap: i32,
    /// The size of one entry.
    pub entry: i32,
    /// Where an entry's name (an object pointer) is.
    pub key: i32,
    /// Where an entry's name's hash (a `u64`) is.
    pub hash: i32,
    /// Where an entry's value (a `Value`) is.
    pub value: i32,
}

type Entry = (interp::object::ObjRef, u64, interp::Value);

/// The instance layout of this build, if the probe recognised it.
pub fn instance_layout() -> Option<InstanceLayout> {
    static LAYOUT: std::sync::OnceLock<Option<InstanceLayout>> = std::sync::OnceLock::new();
    *LAYOUT.get_or_init(probe_instance_layout)
}

fn word_at<T>(v: &T, off: usize) -> Option<u64> {
    if off + 8 > std::mem::size_of::<T>() || !off.is_multiple_of(8) {
        return None;
    }
    let p = (v as *const T).cast::<u8>();
    // SAFETY: `off + 8` is within `T` and 8-aligned from `T`'s start (an
    // 8-aligned type: every probed type holds pointers); only words that
    // are initialized integers or pointers in the probed types are read
    // (a `Vec`'s words, a `RefCell`'s flag, an `Option` of a pointer).
    Some(unsafe { p.add(off).cast::<u64>().read() })
}

/// Where a `RefCell<Vec<T>>`'s borrow flag, buffer pointer and length
/// are, as byte offsets from the cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct VecLayout {
    flag: usize,
    ptr: usize,
    len: usize,
    cap: usize,
}

/// Finds [`VecLayout`] for `T` by looking at a real cell holding a
/// vector of capacity 5 with 2 items (`item` makes them), borrowed and
/// not; `None` when it is not the expected three words and a flag.
fn vec_layout<T>(item: impl Fn() -> T) -> Option<VecLayout> {
    use std::cell::RefCell;
    use std::mem::size_of;
    if size_of::<Vec<T>>() != 24 || size_of::<RefCell<Vec<T>>>() != 32 {
        return None;
    }
    let mut v: Vec<T> = Vec::with_capacity(5);
    v.push(item());
    v.push(item());
    let values = RefCell::new(v);
    let inner = values.as_ptr() as usize - (&values as *const RefCell<Vec<T>> as usize);
    let (buf, len) = {
        let b = values.try_borrow().ok()?;
        (b.as_ptr() as u64, b.len() as u64)
    };
    let find = |want: u64| {
        (0..3)
            .map(|k| inner + 8 * k)
            .find(|off| word_at(&values, *off) == Some(want))
    };
    let (ptr, len, cap) = (find(buf)?, find(len)?, find(5)?);
    let flag = if inner == 0 { 24 } else { 0 };
    if word_at(&values, flag)? != 0 {
        return None;
    }
    {
        let _m = values.try_borrow_mut().ok()?;
        if (word_at(&values, flag)? as i64) >= 0 {
            return None;
        }
    }
    Some(VecLayout {
        flag,
        ptr,
        len,
        cap,
    })
}

/// Where compiled code finds an exact `list`'s items
/// (`interp::object::ListObj::items`, a `RefCell<Vec<Value>>`), as byte
/// offsets from the list object's address; found as for
/// [`InstanceLayout`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListLayout {
    /// The items' borrow flag: 0 while not borrowed, negative while
    /// borrowed mutably.
    pub flag: i32,
    /// The items' buffer pointer (an array of `Value`s).
    pub ptr: i32,
    /// The number of items.
    pub len: i32,
}

/// The list layout of this build, if the probe recognised it.
pub fn list_layout() -> Option<ListLayout> {
    static LAYOUT: std::sync::OnceLock<Option<ListLayout>> = std::sync::OnceLock::new();
    *LAYOUT.get_or_init(|| {
        use interp::object::ListObj;
        let v = vec_layout(|| interp::Value::None)?;
        let at = |o: usize| {
            i32::try_from(
                abi::payload_offset::<ListObj>() + std::mem::offset_of!(ListObj, items) + o,
            )
            .ok()
        };
        Some(ListLayout {
            flag: at(v.flag)?,
            ptr: at(v.ptr)?,
            len: at(v.len)?,
        })
    })
}

/// Where compiled code finds an exact `tuple`'s items
/// (`interp::object::TupleObj::items`, a `Box<[Value]>`), as byte offsets
/// from the tuple object's address; found as for [`InstanceLayout`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TupleLayout {
    /// The items' pointer (an array of `Value`s).
    pub ptr: i32,
    /// The number of items.
    pub len: i32,
}

/// The tuple layout of this build, if the probe recognised it.
pub fn tuple_layout() -> Option<TupleLayout> {
    static LAYOUT: std::sync::OnceLock<Option<TupleLayout>> = std::sync::OnceLock::new();
    *LAYOUT.get_or_init(|| {
        use interp::object::TupleObj;
        if std::mem::size_of::<Box<[interp::Value]>>() != 16 {
            return None;
        }
        let items: Box<[interp::Value]> = vec![interp::Value::None; 3].into_boxed_slice();
        let buf = items.as_ptr() as u64;
        let find = |want: u64| {
            [0, 8]
                .into_iter()
                .find(|off| word_at(&items, *off) == Some(want))
        };
        let (ptr, len) = (find(buf)?, find(3)?);
        let at = |o: usize| {
            i32::try_from(
                abi::payload_offset::<TupleObj>() + std::mem::offset_of!(TupleObj, items) + o,
            )
            .ok()
        };
        Some(TupleLayout {
            ptr: at(ptr)?,
            len: at(len)?,
        })
    })
}

fn probe_instance_layout() -> Option<InstanceLayout> {
    use interp::object::class::Instance;
    use std::cell::OnceCell;
    use std::mem::{offset_of, size_of};
    if size_of::<OnceCell<interp::object::ObjRef>>() != 8 {
        return None;
    }
    let base = abi::payload_offset::<Instance>();
    // The dict cell: 0 when empty, the object's address when set.
    let key = match interp::Value::string("probe".to_string()) {
        interp::Value::Obj(o) => o,
        _ => return None,
    };
    let cell: OnceCell<interp::object::ObjRef> = OnceCell::new();
    if word_at(&cell, 0)? != 0 {
        return None;
    }
    let _ = cell.set(key.clone());
    if word_at(&cell, 0)? != key.as_ptr() as u64 {
        return None;
    }
    let v = vec_layout(|| (key.clone(), 1, interp::Value::None))?;
    let at = |o: usize| i32::try_from(base + offset_of!(Instance, values) + o).ok();
    Some(InstanceLayout {
        dict: i32::try_from(base + offset_of!(Instance, dict)).ok()?,
        flag: at(v.flag)?,
        ptr: at(v.ptr)?,
        len: at(v.len)?,
        cap: at(v.cap)?,
        entry: i32::try_from(size_of::<Entry>()).ok()?,
        key: i32::try_from(offset_of!(Entry, 0)).ok()?,
        hash: i32::try_from(offset_of!(Entry, 1)).ok()?,
        value: i32::try_from(offset_of!(Entry, 2)).ok()?,
    })
}
