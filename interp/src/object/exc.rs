//! Exception instances and the error type ([`PyErr`]) that Rust code
//! propagates with `?`.

use super::{ObjRef, StaticType, TypeObject, Value, types};
use crate::bytecode::Code;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// One traceback entry: a code object and the instruction being executed.
#[derive(Clone)]
pub struct TbEntry {
    /// The code that was running.
    pub code: Rc<Code>,
    /// The unit index of the instruction (its source range gives the
    /// traceback's line and carets, looked up only when it is printed).
    pub pc: u32,
}

impl TbEntry {
    /// The 1-based source line.
    pub fn line(&self) -> u32 {
        self.code.line_at(self.pc as usize)
    }
}

/// Where a `SyntaxError` points.
#[derive(Clone, Debug)]
pub struct SyntaxInfo {
    /// The file name as given.
    pub filename: String,
    /// 1-based line.
    pub line: u32,
    /// CPython's `offset`: the 1-based column in characters; 0 for none
    /// (no caret is printed).
    pub col: u32,
    /// The offending source line as CPython's `text` holds it (with its
    /// newline, if it has one), if known.
    pub text: Option<String>,
    /// CPython's `end_lineno`.
    pub end_line: u32,
    /// CPython's `end_offset`: where the carets end (exclusive, 1-based);
    /// 0 for a single caret.
    pub end_col: u32,
    /// Typhon's own diagnostic (a construct outside the subset, or a parse
    /// error Typhon cannot word as CPython does): the message line ends
    /// with a `(file:line:col)` suffix, so it is never mistaken for
    /// CPython's.
    pub typhon_suffix: bool,
}

/// An exception instance (the payload of every exception type).
pub struct ExcObj {
    /// `e.args`, always a tuple (`BaseException.__init__` sets it again).
    pub args: RefCell<Value>,
    /// The instance `__dict__` of an exception class defined in Python
    /// (made on first write).
    pub dict: RefCell<Option<ObjRef>>,
    /// Frames the exception passed through, innermost last.
    pub traceback: RefCell<Vec<TbEntry>>,
    /// `__context__`: the exception being handled when this one was raised.
    pub context: RefCell<Option<ObjRef>>,
    /// `__cause__`: set by `raise ... from ...`.
    pub cause: RefCell<Option<ObjRef>>,
    /// `__suppress_context__`.
    pub suppress_context: Cell<bool>,
    /// Location details of a `SyntaxError`.
    pub syntax: Option<SyntaxInfo>,
    /// What a `NameError` or `AttributeError` raised by a lookup keeps of
    /// it (CPython's `name` and `obj` attributes), so that printing it can
    /// suggest a similar name.
    pub hint: RefCell<Option<Box<Hint>>>,
}

/// The lookup that failed, kept on a `NameError` or `AttributeError` for
/// the "Did you mean" suggestion that CPython adds when it prints one
/// (`str()` of the exception has none).
#[derive(Clone)]
pub enum Hint {
    /// A name not found: the names of the innermost frame's code (from the
    /// traceback), then its globals, then the builtins are candidates.
    Name {
        /// The name looked up.
        name: String,
        /// The globals of the frame that raised (set when the exception
        /// leaves that frame's instruction).
        globals: Option<ObjRef>,
    },
    /// An attribute not found on `obj`: its attributes are candidates.
    Attr {
        /// The attribute name.
        name: String,
        /// The object.
        obj: Value,
    },
}

impl ExcObj {
    /// The attribute `name` kept in the instance's own dict, if set there
    /// (`filename` of an OSError, `name` of an ImportError).
    pub fn own_attr(&self, name: &str) -> Option<crate::object::Value> {
        self.dict
            .borrow()
            .as_ref()
            .and_then(|d| d.downcast::<crate::object::DictObj>())
            .and_then(|d| d.get_str(name))
    }

    /// Sets the attribute `name` in the instance's own dict, made now if
    /// it has none.
    pub fn set_own_attr(&self, name: &str, value: crate::object::Value) {
        let d = self
            .dict
            .borrow_mut()
            .get_or_insert_with(crate::object::DictObj::new_obj)
            .clone();
        if let Some(d) = d.downcast::<crate::object::DictObj>() {
            d.set_str(name, value);
        }
    }

    /// A new exception object of type `t` with the given args.
    pub fn new_obj(t: &'static TypeObject, args: Vec<Value>) -> ObjRef {
        let o = ObjRef::new(t, ExcObj::with_args(args));
        abi::gc_track(&o);
        o
    }

    /// A new exception object of the exception type `t`, which may be a
    /// heap type (a class defined in Python or by `PyErr_NewException`);
    /// `None` if `t` is not an exception type.
    pub fn new_of_type(t: &ObjRef, args: Vec<Value>) -> Option<ObjRef> {
        let ty = t.as_type()?;
        let o = if ty.is_heap_type() {
            ObjRef::new_instance(t, ExcObj::with_args(args))?
        } else {
            if ty.tp_typhon.kind != types::Kind::EXC {
                return None;
            }
            let s: &'static TypeObject = types::EXCEPTION_TYPES
                .iter()
                .map(|s| s.get())
                .find(|s| std::ptr::eq(*s, ty))?;
            ObjRef::new(s, ExcObj::with_args(args))
        };
        abi::gc_track(&o);
        Some(o)
    }

    fn with_args(args: Vec<Value>) -> ExcObj {
        ExcObj {
            args: RefCell::new(Value::tuple(args)),
            dict: RefCell::new(None),
            traceback: RefCell::new(Vec::new()),
            context: RefCell::new(None),
            cause: RefCell::new(None),
            suppress_context: Cell::new(false),
            syntax: None,
            hint: RefCell::new(None),
        }
    }

    /// The elements of `args`.
    pub fn args(&self) -> Vec<Value> {
        self.args
            .borrow()
            .downcast::<super::TupleObj>()
            .map(|t| t.items.to_vec())
            .unwrap_or_default()
    }

    /// `args` as the tuple it is.
    pub fn args_value(&self) -> Value {
        self.args.borrow().clone()
    }
}

/// A raised Python exception travelling through Rust code.
#[derive(Clone, Debug)]
pub struct PyErr(pub ObjRef);

/// The result of anything that can raise.
pub type PyResult<T> = Result<T, PyErr>;

impl PyErr {
    /// An exception of type `t` with a single string argument.
    pub fn new(t: &'static StaticType, msg: impl Into<String>) -> PyErr {
        PyErr(ExcObj::new_obj(t.get(), vec![Value::string(msg.into())]))
    }

    /// An exception of type `t` with the given args.
    pub fn with_args(t: &'static StaticType, args: Vec<Value>) -> PyErr {
        PyErr(ExcObj::new_obj(t.get(), args))
    }

    /// A `SyntaxError` pointing at a location.
    pub fn syntax(msg: impl Into<String>, info: SyntaxInfo) -> PyErr {
        PyErr::syntax_of(&types::SYNTAX_ERROR, msg, info)
    }

    /// A `SyntaxError` or one of its subclasses (`IndentationError`,
    /// `TabError`) with location details.
    pub fn syntax_of(ty: &'static StaticType, msg: impl Into<String>, info: SyntaxInfo) -> PyErr {
        PyErr(ObjRef::new(
            ty.get(),
            ExcObj {
                syntax: Some(info),
                ..ExcObj::with_args(vec![Value::string(msg.into())])
            },
        ))
    }

    /// `MemoryError()`, with no arguments as CPython's `PyErr_NoMemory`
    /// raises it.
    #[cold]
    pub fn no_memory() -> PyErr {
        PyErr::with_args(&types::MEMORY_ERROR, Vec::new())
    }

    /// `TypeError(msg)`.
    pub fn type_error(msg: impl Into<String>) -> PyErr {
        PyErr::new(&types::TYPE_ERROR, msg)
    }

    /// `ValueError(msg)`.
    pub fn value_error(msg: impl Into<String>) -> PyErr {
        PyErr::new(&types::VALUE_ERROR, msg)
    }

    /// `IndexError(msg)`.
    pub fn index_error(msg: impl Into<String>) -> PyErr {
        PyErr::new(&types::INDEX_ERROR, msg)
    }

    /// `KeyError(key)`.
    pub fn key_error(key: Value) -> PyErr {
        PyErr::with_args(&types::KEY_ERROR, vec![key])
    }

    /// `ZeroDivisionError(msg)`.
    pub fn zero_division(msg: impl Into<String>) -> PyErr {
        PyErr::new(&types::ZERO_DIVISION_ERROR, msg)
    }

    /// `OverflowError(msg)`.
    pub fn overflow(msg: impl Into<String>) -> PyErr {
        PyErr::new(&types::OVERFLOW_ERROR, msg)
    }

    /// `AttributeError(msg)`.
    pub fn attribute_error(msg: impl Into<String>) -> PyErr {
        PyErr::new(&types::ATTRIBUTE_ERROR, msg)
    }

    /// `NameError(msg)`.
    pub fn name_error(msg: impl Into<String>) -> PyErr {
        PyErr::new(&types::NAME_ERROR, msg)
    }

    /// Records that this exception comes from looking up `hint`'s name
    /// (for the suggestion printed with it). Only exceptions of exactly
    /// `NameError` or `AttributeError` get suggestions, as in CPython;
    /// for others this does nothing.
    pub fn with_hint(self, hint: Hint) -> PyErr {
        let t = self.0.ty();
        let fits = match hint {
            Hint::Name { .. } => std::ptr::eq(t, types::NAME_ERROR.get()),
            Hint::Attr { .. } => std::ptr::eq(t, types::ATTRIBUTE_ERROR.get()),
        };
        if fits {
            *self.exc().hint.borrow_mut() = Some(Box::new(hint));
        }
        self
    }

    /// `RuntimeError(msg)`.
    pub fn runtime_error(msg: impl Into<String>) -> PyErr {
        PyErr::new(&types::RUNTIME_ERROR, msg)
    }

    /// The exception payload.
    pub fn exc(&self) -> &ExcObj {
        match self.0.downcast::<ExcObj>() {
            Some(e) => e,
            None => unreachable_exc(),
        }
    }

    /// Whether the exception is an instance of `t`.
    pub fn matches(&self, t: &TypeObject) -> bool {
        crate::object::class::is_subclass(self.0.ty(), t)
    }

    /// The exception's type.
    pub fn ty(&self) -> &TypeObject {
        self.0.ty()
    }

    /// The exception as a value.
    pub fn value(&self) -> Value {
        Value::Obj(self.0.clone())
    }
}

#[cold]
fn unreachable_exc() -> ! {
    // A PyErr is only ever built from an exception object (`PyErr::new`,
    // `with_args`, or `raise` after an isinstance check).
    unreachable!("PyErr holds a non-exception object")
}
