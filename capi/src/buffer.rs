//! The buffer protocol: `Py_buffer`, `PyObject_GetBuffer`,
//! `PyBuffer_Release` and friends (CPython's `Objects/abstract.c` and
//! `Objects/memoryobject.c` parts that extensions call).
//!
//! An exporter fills a `Py_buffer` that holds a reference to it (`obj`)
//! until the consumer releases the view. `bytes` exports its contents
//! (read-only: a bytes object never changes, so the pointer stays valid
//! while the view holds it); a C type exports through its
//! `tp_as_buffer->bf_getbuffer`. A `bytearray` exports its storage
//! (writable) and counts the export, so it cannot be resized until the
//! view is released (`interp::object::buffer` documents the storage); a
//! contiguous `memoryview` exports the window it shows, with its
//! exporter's rules (its `format` is given as `B` whatever the view's
//! byte format).

use crate::object::{Py_ssize_t, PyObject, borrow, fail};
use abi::TypeObject;
use interp::PyErr;
use interp::object::{ByteArrayObj, BytesObj, MemoryViewObj, types};
use std::ffi::{c_char, c_int, c_void};

/// `Py_buffer` (CPython 3.11's layout).
#[repr(C)]
pub struct Py_buffer {
    pub buf: *mut c_void,
    pub obj: *mut PyObject,
    pub len: Py_ssize_t,
    pub itemsize: Py_ssize_t,
    pub readonly: c_int,
    pub ndim: c_int,
    pub format: *mut c_char,
    pub shape: *mut Py_ssize_t,
    pub strides: *mut Py_ssize_t,
    pub suboffsets: *mut Py_ssize_t,
    pub internal: *mut c_void,
}

type GetBuffer = unsafe extern "C" fn(*mut PyObject, *mut Py_buffer, c_int) -> c_int;
type ReleaseBuffer = unsafe extern "C" fn(*mut PyObject, *mut Py_buffer);

/// `PyBufferProcs`.
#[repr(C)]
struct PyBufferProcs {
    bf_getbuffer: Option<GetBuffer>,
    bf_releasebuffer: Option<ReleaseBuffer>,
}

const PYBUF_WRITABLE: c_int = 0x0001;
const PYBUF_FORMAT: c_int = 0x0004;
const PYBUF_ND: c_int = 0x0008;
const PYBUF_STRIDES: c_int = 0x0010 | PYBUF_ND;

/// The format of unsigned bytes, for views that ask for one.
static FORMAT_B: &std::ffi::CStr = c"B";

/// The buffer procedures of the type of the live object `o`.
///
/// # Safety
/// `o` must point to a live object.
unsafe fn procs(o: *mut PyObject) -> Option<&'static PyBufferProcs> {
    // SAFETY: a live object's `ob_type` is a live type object.
    let t: &TypeObject = unsafe { &*(*o.cast::<abi::ObjHeader>()).ob_type };
    // SAFETY: `tp_as_buffer` is NULL or points to the type's static table
    // (C types), which lives as long as the type.
    unsafe { (t.tp_as_buffer as *const PyBufferProcs).as_ref() }
}

/// `PyObject_CheckBuffer`.
pub(crate) unsafe extern "C" fn PyObject_CheckBuffer(o: *mut PyObject) -> c_int {
    // SAFETY: `o` is null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return 0;
    };
    if b.downcast::<BytesObj>().is_some()
        || b.downcast::<ByteArrayObj>().is_some()
        || b.downcast::<MemoryViewObj>().is_some()
    {
        return 1;
    }
    // SAFETY: `o` is live.
    c_int::from(unsafe { procs(o) }.is_some_and(|p| p.bf_getbuffer.is_some()))
}

/// `PyObject_GetBuffer`.
pub(crate) unsafe extern "C" fn PyObject_GetBuffer(
    o: *mut PyObject,
    view: *mut Py_buffer,
    flags: c_int,
) -> c_int {
    // SAFETY: `o` is null or live (contract).
    let Some(b) = (unsafe { borrow(o) }) else {
        return fail(crate::object::bad_internal_call(), -1);
    };
    if let Some(bytes) = b.downcast::<BytesObj>() {
        let len = bytes.as_bytes().len() as Py_ssize_t;
        // SAFETY: `o` is a live bytes object. The pointer is computed from
        // the raw object pointer (as `PyBytes_AsString` computes it); the
        // view is read-only.
        let Some(p) = (unsafe { abi::payload_ptr::<BytesObj>(o) }) else {
            return fail(crate::object::bad_internal_call(), -1);
        };
        // SAFETY: `p` points to the live payload.
        let data = unsafe { (*p).buffer_ptr() } as *mut c_void;
        // SAFETY: `view` points to a `Py_buffer` (contract); the bytes
        // object stays alive (and unchanged) while the view holds it.
        return unsafe { PyBuffer_FillInfo(view, o, data, len, 1, flags) };
    }
    if let Some(ba) = b.downcast::<ByteArrayObj>() {
        let data = match ba.data_ptr() {
            Ok(p) => p as *mut c_void,
            Err(e) => return fail(e, -1),
        };
        let len = ba.len() as Py_ssize_t;
        // SAFETY: `view` points to a `Py_buffer` (contract); the export
        // taken below keeps the bytearray's length, and so its storage,
        // fixed until `PyBuffer_Release` gives it back.
        let r = unsafe { PyBuffer_FillInfo(view, o, data, len, 0, flags) };
        if r == 0 {
            ba.export();
        }
        return r;
    }
    if let Some(m) = b.downcast::<MemoryViewObj>() {
        if flags & PYBUF_WRITABLE == PYBUF_WRITABLE && m.readonly && !m.is_released() {
            return fail(
                PyErr::new(
                    &types::BUFFER_ERROR,
                    "memoryview: underlying buffer is not writable",
                ),
                -1,
            );
        }
        if flags & PYBUF_FORMAT == PYBUF_FORMAT && flags & PYBUF_ND != PYBUF_ND {
            return fail(
                PyErr::new(
                    &types::BUFFER_ERROR,
                    "memoryview: cannot cast to unsigned bytes if the format flag is present",
                ),
                -1,
            );
        }
        let (data, len) = match interp::bytes::memoryview::raw_window(m) {
            Ok(Some(w)) => w,
            Ok(None) => {
                return fail(
                    PyErr::new(
                        &types::BUFFER_ERROR,
                        "memoryview: underlying buffer is not C-contiguous",
                    ),
                    -1,
                );
            }
            Err(e) => return fail(e, -1),
        };
        // SAFETY: as above; the view holds the memoryview, which holds
        // its exporter, and a bytearray exporter's export is taken below.
        let r = unsafe {
            PyBuffer_FillInfo(
                view,
                o,
                data as *mut c_void,
                len as Py_ssize_t,
                c_int::from(m.readonly),
                flags,
            )
        };
        if r != 0 {
            return r;
        }
        if let Some(ba) = m.base.downcast::<ByteArrayObj>() {
            ba.export();
        }
        // A cast view shows its own byte format.
        if flags & PYBUF_FORMAT == PYBUF_FORMAT {
            let format: &'static std::ffi::CStr = match m.format {
                interp::object::ItemFormat::UnsignedByte => FORMAT_B,
                interp::object::ItemFormat::SignedByte => c"b",
                interp::object::ItemFormat::Char => c"c",
            };
            // SAFETY: `view` was filled just above.
            unsafe { (*view).format = format.as_ptr() as *mut c_char };
        }
        return r;
    }
    // SAFETY: `o` is live.
    match unsafe { procs(o) }.and_then(|p| p.bf_getbuffer) {
        // SAFETY: the exporter's own function, called as CPython calls it.
        Some(get) => unsafe { get(o, view, flags) },
        None => fail(
            PyErr::type_error(format!(
                "a bytes-like object is required, not '{}'",
                b.ty().name()
            )),
            -1,
        ),
    }
}

/// `PyBuffer_FillInfo`: a one-dimensional view of `len` unsigned bytes at
/// `buf`, exported by `obj` (which the view then holds).
pub(crate) unsafe extern "C" fn PyBuffer_FillInfo(
    view: *mut Py_buffer,
    obj: *mut PyObject,
    buf: *mut c_void,
    len: Py_ssize_t,
    readonly: c_int,
    flags: c_int,
) -> c_int {
    if view.is_null() {
        return fail(
            PyErr::new(
                &types::BUFFER_ERROR,
                "PyBuffer_FillInfo: view==NULL argument is obsolete",
            ),
            -1,
        );
    }
    if flags & PYBUF_WRITABLE == PYBUF_WRITABLE && readonly == 1 {
        return fail(
            PyErr::new(&types::BUFFER_ERROR, "Object is not writable."),
            -1,
        );
    }
    // SAFETY: `obj` is null or live (contract); the view keeps a reference.
    if let Some(b) = unsafe { borrow(obj) } {
        std::mem::forget((*b).clone());
    }
    // SAFETY: `view` points to a writable `Py_buffer` (contract). `shape`
    // and `strides` point into the view itself, as CPython's do.
    unsafe {
        let v = &mut *view;
        v.obj = obj;
        v.buf = buf;
        v.len = len;
        v.readonly = readonly;
        v.itemsize = 1;
        v.format = if flags & PYBUF_FORMAT == PYBUF_FORMAT {
            FORMAT_B.as_ptr() as *mut c_char
        } else {
            std::ptr::null_mut()
        };
        v.ndim = 1;
        v.shape = if flags & PYBUF_ND == PYBUF_ND {
            &mut v.len
        } else {
            std::ptr::null_mut()
        };
        v.strides = if flags & PYBUF_STRIDES == PYBUF_STRIDES {
            &mut v.itemsize
        } else {
            std::ptr::null_mut()
        };
        v.suboffsets = std::ptr::null_mut();
        v.internal = std::ptr::null_mut();
    }
    0
}

/// `PyBuffer_Release`: the exporter's `bf_releasebuffer`, then the view's
/// reference to it; a released view (NULL `obj`) is left alone.
pub(crate) unsafe extern "C" fn PyBuffer_Release(view: *mut Py_buffer) {
    if view.is_null() {
        return;
    }
    // SAFETY: `view` points to a view filled by `PyObject_GetBuffer` or
    // `PyBuffer_FillInfo`, or already released (contract).
    let obj = unsafe { (*view).obj };
    if obj.is_null() {
        return;
    }
    // SAFETY: the view holds a reference to `obj`, so it is live.
    if let Some(b) = unsafe { borrow(obj) } {
        // The export a bytearray (directly or under a memoryview) took.
        let ba = b.downcast::<ByteArrayObj>().or_else(|| {
            b.downcast::<MemoryViewObj>()
                .and_then(|m| m.base.downcast::<ByteArrayObj>())
        });
        if let Some(ba) = ba {
            ba.unexport();
        }
    }
    // SAFETY: the view holds a reference to `obj`, so it is live.
    if let Some(release) = unsafe { procs(obj) }.and_then(|p| p.bf_releasebuffer) {
        // SAFETY: the exporter's own function, with its view.
        unsafe { release(obj, view) };
    }
    // SAFETY: as above; the view's reference is dropped once.
    unsafe {
        (*view).obj = std::ptr::null_mut();
        crate::protocols::Py_DecRef(obj);
    }
}

/// `PyBuffer_IsContiguous`: whether the view's items are contiguous in
/// `order` ('C' row-major, 'F' column-major, 'A' either).
pub(crate) unsafe extern "C" fn PyBuffer_IsContiguous(
    view: *const Py_buffer,
    order: c_char,
) -> c_int {
    if view.is_null() {
        return 0;
    }
    // SAFETY: `view` points to a filled view (contract); its shape and
    // strides arrays (when not NULL) have `ndim` entries.
    let v = unsafe { &*view };
    if !v.suboffsets.is_null() {
        return 0;
    }
    if v.strides.is_null() {
        return 1;
    }
    let ndim = usize::try_from(v.ndim).unwrap_or(0);
    if v.len == 0 || ndim == 0 {
        return 1;
    }
    if v.shape.is_null() {
        return 0;
    }
    // SAFETY: as above.
    let (shape, strides) = unsafe {
        (
            std::slice::from_raw_parts(v.shape, ndim),
            std::slice::from_raw_parts(v.strides, ndim),
        )
    };
    let fits = |dims: &mut dyn Iterator<Item = usize>| {
        let mut want = v.itemsize;
        for i in dims {
            if shape[i] > 1 && strides[i] != want {
                return false;
            }
            want *= shape[i];
        }
        true
    };
    let c = fits(&mut (0..ndim).rev());
    let f = fits(&mut (0..ndim));
    c_int::from(match order as u8 {
        b'C' => c,
        b'F' => f,
        _ => c || f,
    })
}
