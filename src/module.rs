//! [`Module`]: the Rust functions of a module registered with
//! [`crate::Vm::register_module`].

use crate::Value;
use capi::rustfn::IntoRustFn;
use interp::PyErr;
use interp::object::{DictObj, ObjRef};

/// A module being registered: add its functions and constants.
///
/// Parameter types: `i64`, `f64`, `bool`, `String`, [`Value`], and `&str`
/// (borrowed for the call, in functions of up to three parameters). Result
/// types: those, `()`, and `Result<T, E>` for any `E: Display`, which
/// raises a Python exception with `E`'s text: the type [`crate::Raise`]
/// names, else `RuntimeError`. A panic becomes a `RuntimeError` too.
/// Closures may capture state.
///
/// ```
/// use typhon::{ExcKind, Raise};
/// let mut vm = typhon::Vm::builder().build()?;
/// vm.register_module("util", |m| {
///     m.function("half", |n: i64| -> Result<i64, Raise> {
///         if n % 2 == 0 {
///             Ok(n / 2)
///         } else {
///             Err(Raise::new(ExcKind::ValueError, format!("{n} is odd")))
///         }
///     });
///     m.constant("VERSION", "1.0");
/// })?;
/// vm.run_source(
///     "import util\ntry:\n    util.half(3)\nexcept ValueError as e:\n    msg = str(e)\n",
///     "<m>",
/// )?;
/// assert_eq!(String::try_from(vm.get_global("msg").unwrap())?, "3 is odd");
/// # Ok::<(), typhon::Error>(())
/// ```
pub struct Module {
    dict: ObjRef,
    error: Option<PyErr>,
}

impl Module {
    pub(crate) fn new(dict: ObjRef) -> Module {
        Module { dict, error: None }
    }

    pub(crate) fn take_error(&mut self) -> Option<PyErr> {
        self.error.take()
    }

    fn add(&mut self, name: &str, f: capi::rustfn::RustFn, typed: bool) -> &mut Module {
        match capi::rustfn::new_function(name, f, typed) {
            Ok(func) => {
                if let Some(d) = self.dict.downcast::<DictObj>() {
                    d.set_str(name, func);
                }
            }
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
        self
    }

    /// Adds the function `name`. Its signature comes from the closure's
    /// types; it is a typed method, so calls with arguments of the
    /// declared types skip boxing, and the JIT calls it directly (a
    /// closure that captures state through one more indirection, its
    /// data). Arguments of other types are converted
    /// or refused with CPython's `TypeError`.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().build()?;
    /// vm.register_module("m", |m| {
    ///     m.function("greet", |name: &str, times: i64| name.repeat(times as usize));
    /// })?;
    /// assert_eq!(String::try_from(vm.eval("__import__('m').greet('ab', 2)")?)?, "abab");
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn function<Args, R>(&mut self, name: &str, f: impl IntoRustFn<Args, R>) -> &mut Module {
        self.add(name, f.into_rust_fn(), true)
    }

    /// Adds the function `name` without typed metadata: every call boxes
    /// its arguments and goes through the generic calling convention, as
    /// a binding without typed methods would. For comparison (the
    /// benchmark's baseline); prefer [`Module::function`].
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().build()?;
    /// vm.register_module("slow", |m| {
    ///     m.boxed_function("inc", |a: i64| a + 1);
    /// })?;
    /// assert_eq!(i64::try_from(vm.eval("__import__('slow').inc(1)")?)?, 2);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn boxed_function<Args, R>(
        &mut self,
        name: &str,
        f: impl IntoRustFn<Args, R>,
    ) -> &mut Module {
        self.add(name, f.into_rust_fn(), false)
    }

    /// Adds a constant.
    ///
    /// ```
    /// let mut vm = typhon::Vm::builder().build()?;
    /// vm.register_module("consts", |m| {
    ///     m.constant("LIMIT", 10).constant("NAME", "c");
    /// })?;
    /// assert_eq!(i64::try_from(vm.eval("__import__('consts').LIMIT")?)?, 10);
    /// # Ok::<(), typhon::Error>(())
    /// ```
    pub fn constant(&mut self, name: &str, value: impl Into<Value>) -> &mut Module {
        if let Some(d) = self.dict.downcast::<DictObj>() {
            d.set_str(name, value.into().0);
        }
        self
    }
}
