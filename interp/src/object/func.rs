//! Callable payloads: Python functions, native builtins, closure cells and
//! code objects.

use super::{ObjRef, PyErr, PyResult, StrObj, Value, types};
use crate::bytecode::Code;
use crate::vm::Vm;
use std::cell::RefCell;
use std::rc::Rc;

/// A user-defined Python function.
pub struct Function {
    /// Its code.
    pub code: Rc<Code>,
    /// The module dict it reads globals from.
    pub globals: ObjRef,
    /// Default values for the last `defaults.len()` positional parameters.
    pub defaults: Box<[Value]>,
    /// Defaults of keyword-only parameters: a dict of name to value
    /// (`__kwdefaults__`), if any has one.
    pub kwdefaults: Option<ObjRef>,
    /// Cells for the free variables, in `code.freevars` order.
    pub closure: RefCell<Box<[ObjRef]>>,
    /// A number unique to this function object on this thread (0 once
    /// they run out), recorded by call sites as the callee they saw (see
    /// `crate::feedback`).
    pub version: u32,
    /// What the program set on the function (`f.__name__ = ...`,
    /// `f.attr = ...`, as `functools.update_wrapper` does); `None` until
    /// then.
    pub attrs: RefCell<Option<Box<FuncAttrs>>>,
}

/// The attributes a program set on a function: CPython's `func_name`,
/// `func_qualname`, `func_doc` and `func_module` when assigned, and the
/// function's `__dict__`.
#[derive(Default)]
pub struct FuncAttrs {
    /// `__name__` (a `str`).
    pub name: Option<Value>,
    /// `__qualname__` (a `str`).
    pub qualname: Option<Value>,
    /// `__doc__`.
    pub doc: Option<Value>,
    /// `__module__`.
    pub module: Option<Value>,
    /// `__dict__`, made when first needed.
    pub dict: Option<ObjRef>,
    /// `__annotations__` (a dict), from the definition's annotations or
    /// made empty when first read; `None` again after `del` or `= None`.
    pub annotations: Option<Value>,
}

thread_local! {
    static NEXT_FUNCTION_VERSION: std::cell::Cell<u32> = const { std::cell::Cell::new(1) };
}

/// The next function version, or 0 when all have been handed out (as
/// CPython does with `func_version`, a function without one is simply not
/// told apart from others in feedback).
fn next_function_version() -> u32 {
    NEXT_FUNCTION_VERSION.with(|c| {
        let v = c.get();
        if v != 0 {
            c.set(v.wrapping_add(1));
        }
        v
    })
}

impl Function {
    /// The value of attribute `get` (a field of [`FuncAttrs`]) if the
    /// program set it.
    pub fn attr(&self, get: impl Fn(&FuncAttrs) -> Option<Value>) -> Option<Value> {
        self.attrs.try_borrow().ok()?.as_deref().and_then(get)
    }

    /// The function's `__dict__`, made (and tracked) on first use.
    pub fn dict(&self) -> Option<ObjRef> {
        let mut attrs = self.attrs.try_borrow_mut().ok()?;
        let a = attrs.get_or_insert_with(Default::default);
        if let Some(d) = &a.dict {
            return Some(d.clone());
        }
        let d = super::DictObj::new_obj();
        if !abi::gc_is_tracked(&d) {
            abi::gc_track(&d);
        }
        a.dict = Some(d.clone());
        Some(d)
    }

    /// The function's `__annotations__`: the dict it has, or a new empty
    /// one it keeps from now on (CPython's `func_get_annotations`).
    pub fn annotations(&self) -> Value {
        let Ok(mut attrs) = self.attrs.try_borrow_mut() else {
            return Value::Obj(super::DictObj::new_obj());
        };
        let a = attrs.get_or_insert_with(Default::default);
        a.annotations
            .get_or_insert_with(|| Value::Obj(super::DictObj::new_obj()))
            .clone()
    }

    /// A new function object.
    pub fn new_obj(
        code: Rc<Code>,
        globals: ObjRef,
        defaults: Vec<Value>,
        kwdefaults: Option<ObjRef>,
        closure: Vec<ObjRef>,
    ) -> ObjRef {
        let o = ObjRef::new(
            types::FUNCTION.get(),
            Function {
                code,
                globals,
                defaults: defaults.into_boxed_slice(),
                kwdefaults,
                closure: RefCell::new(closure.into_boxed_slice()),
                version: next_function_version(),
                attrs: RefCell::new(None),
            },
        );
        abi::gc_track(&o);
        o
    }
}

/// A closure cell.
pub struct CellObj {
    /// The value; `None` while unbound.
    pub value: RefCell<Option<Value>>,
}

impl CellObj {
    /// A new cell object.
    pub fn new_obj(value: Option<Value>) -> ObjRef {
        let o = ObjRef::new(
            types::CELL.get(),
            CellObj {
                value: RefCell::new(value),
            },
        );
        abi::gc_track(&o);
        o
    }
}

/// A code object wrapped as a value (a constant of the enclosing code).
pub struct CodeObj {
    /// The code.
    pub code: Rc<Code>,
}

impl CodeObj {
    /// A new code value.
    pub fn new_obj(code: Rc<Code>) -> ObjRef {
        ObjRef::new(types::CODE.get(), CodeObj { code })
    }
}

/// Arguments to a native function: positional values and keyword pairs.
#[derive(Clone, Copy)]
pub struct Args<'a> {
    /// Positional arguments (for methods, `pos[0]` is `self`).
    pub pos: &'a [Value],
    /// Keyword arguments as (name, value) pairs.
    pub kw: &'a [(ObjRef, Value)],
}

impl<'a> Args<'a> {
    /// Positional-only arguments.
    pub fn positional(pos: &'a [Value]) -> Args<'a> {
        Args { pos, kw: &[] }
    }

    /// The keyword argument `name`, if given.
    pub fn kw(&self, name: &str) -> Option<&'a Value> {
        self.kw
            .iter()
            .find(|(k, _)| k.downcast::<StrObj>().is_some_and(|s| s.as_str() == name))
            .map(|(_, v)| v)
    }

    /// Fails with CPython's message if any keyword is not in `allowed`
    /// (the wording of CPython's C argument parsers, which differs from a
    /// Python function's "got an unexpected keyword argument").
    pub fn check_kw(&self, fname: &str, allowed: &[&str]) -> PyResult<()> {
        for (k, _) in self.kw {
            let name = k.downcast::<StrObj>().map(|s| s.as_str()).unwrap_or("?");
            if !allowed.contains(&name) {
                return Err(PyErr::type_error(format!(
                    "'{name}' is an invalid keyword argument for {fname}()"
                )));
            }
        }
        Ok(())
    }

    /// Fails unless there are no keyword arguments.
    pub fn no_kw(&self, fname: &str) -> PyResult<()> {
        if self.kw.is_empty() {
            Ok(())
        } else {
            Err(PyErr::type_error(format!(
                "{fname}() takes no keyword arguments"
            )))
        }
    }
}

/// The signature of a native (Rust) function.
pub type NativeFn = fn(&mut Vm, Args<'_>) -> PyResult<Value>;

/// A native function or method (`builtin_function_or_method`).
pub struct Builtin {
    /// The name shown in messages (`len`, `append`).
    pub name: &'static str,
    /// The implementation.
    pub func: NativeFn,
    /// For a bound method, the receiver passed as `pos[0]`.
    pub bound: Option<Value>,
}

impl Builtin {
    /// A new native function object.
    pub fn new_obj(name: &'static str, func: NativeFn, bound: Option<Value>) -> ObjRef {
        ObjRef::new(types::BUILTIN.get(), Builtin { name, func, bound })
    }
}

/// A method of a built-in type reached through the type
/// (`method_descriptor`, as `str.upper`): calling it checks that the first
/// argument is an instance of the type and passes it as the receiver.
pub struct MethodDescr {
    /// The built-in type whose method this is (a static type).
    pub owner: ObjRef,
    /// The method's name (`upper`).
    pub name: &'static str,
    /// The implementation, taking the receiver as `pos[0]`.
    pub func: NativeFn,
}

impl MethodDescr {
    /// A new method descriptor object.
    pub fn new_obj(owner: ObjRef, name: &'static str, func: NativeFn) -> ObjRef {
        ObjRef::new(
            types::METHOD_DESCRIPTOR.get(),
            MethodDescr { owner, name, func },
        )
    }

    /// The owner type's name (`str`).
    pub fn owner_name(&self) -> String {
        types::type_name_of_type_obj(&self.owner)
    }

    /// `str.upper`, the `__qualname__`.
    pub fn qualname(&self) -> String {
        format!("{}.{}", self.owner_name(), self.name)
    }
}
