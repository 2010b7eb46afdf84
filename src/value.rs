//! [`Value`]: a Python value held by Rust code, and its conversions to and
//! from Rust types.

use interp::object::{DictObj, ListObj, StrObj, TupleObj};
use std::collections::HashMap;
use std::fmt;

/// A Python value held by the embedding program: what [`crate::Vm::eval`],
/// [`crate::Vm::call`] and [`crate::Vm::get_global`] return, and what
/// registered Rust functions may take and return.
///
/// Rust values convert into it with `From` (`Value::from(3)`,
/// `"text".into()`), and it converts back with `TryFrom`, which fails with
/// a [`ConversionError`] naming what was expected and what came:
///
/// ```
/// use typhon::Value;
/// let v = Value::from(vec![1_i64, 2, 3]);
/// let back: Vec<i64> = v.clone().try_into().unwrap();
/// assert_eq!(back, [1, 2, 3]);
/// let err = i64::try_from(Value::from("seven")).unwrap_err();
/// assert_eq!(err.to_string(), "expected int, found str");
/// ```
///
/// A `Value` belongs to the thread whose [`crate::Vm`] made it (it is
/// neither `Send` nor `Sync`).
#[derive(Clone)]
pub struct Value(pub(crate) interp::Value);

impl Value {
    /// `None`.
    ///
    /// ```
    /// assert!(typhon::Value::none().is_none());
    /// ```
    pub fn none() -> Value {
        Value(interp::Value::None)
    }

    /// Whether this is `None`.
    ///
    /// ```
    /// assert!(typhon::Value::from(()).is_none());
    /// ```
    pub fn is_none(&self) -> bool {
        matches!(self.0, interp::Value::None)
    }

    /// The Python type's name, as `type(v).__name__` gives it.
    ///
    /// ```
    /// assert_eq!(typhon::Value::from(1.5).type_name(), "float");
    /// ```
    pub fn type_name(&self) -> &str {
        self.0.type_name()
    }

    /// The interpreter's own value, for code that uses the `interp` crate.
    ///
    /// ```
    /// let v = typhon::Value::from(5).into_interp();
    /// assert!(matches!(v, interp::Value::Int(5)));
    /// ```
    pub fn into_interp(self) -> interp::Value {
        self.0
    }

    /// Wraps an interpreter value.
    ///
    /// ```
    /// let v = typhon::Value::from_interp(interp::Value::Int(5));
    /// assert_eq!(i64::try_from(v).unwrap(), 5);
    /// ```
    pub fn from_interp(v: interp::Value) -> Value {
        Value(v)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            interp::Value::None => f.write_str("None"),
            interp::Value::Bool(b) => f.write_str(if *b { "True" } else { "False" }),
            interp::Value::Int(i) => write!(f, "{i}"),
            interp::Value::Float(x) => write!(f, "{x:?}"),
            v => match v.as_str() {
                Some(s) => write!(f, "{s:?}"),
                None => write!(f, "<{} object>", v.type_name()),
            },
        }
    }
}

/// A [`Value`] that could not be converted to a Rust type: what was
/// expected and the Python type that came (with where, inside a list or
/// dict).
///
/// ```
/// let err = Vec::<i64>::try_from(typhon::Value::from(vec![typhon::Value::from(1), "x".into()])).unwrap_err();
/// assert_eq!((err.expected.as_str(), err.found.as_str()), ("int", "str"));
/// assert_eq!(err.to_string(), "expected int, found str (list item 1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected {expected}, found {found}{context}")]
pub struct ConversionError {
    /// The Python type the Rust type needs (`int`, `list`, ...).
    pub expected: String,
    /// The Python type of the value.
    pub found: String,
    /// Where the value was, e.g. ` (list item 2)`; empty at the top level.
    pub context: String,
}

impl ConversionError {
    fn new(expected: &str, found: &interp::Value) -> ConversionError {
        ConversionError {
            expected: expected.to_owned(),
            found: found.type_name().to_owned(),
            context: String::new(),
        }
    }

    fn within(mut self, place: String) -> ConversionError {
        if self.context.is_empty() {
            self.context = format!(" ({place})");
        } else {
            self.context = format!(" ({place}, {})", &self.context[2..self.context.len() - 1]);
        }
        self
    }
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value(interp::Value::Int(v))
    }
}

impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value(interp::Value::float(v))
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value(interp::Value::Bool(v))
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value(interp::Value::string(v))
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value(interp::Value::str(v))
    }
}

impl From<()> for Value {
    fn from(_: ()) -> Value {
        Value::none()
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    /// A `list`.
    fn from(v: Vec<T>) -> Value {
        Value(interp::Value::list(
            v.into_iter().map(|x| x.into().0).collect(),
        ))
    }
}

impl<T: Into<Value>> From<HashMap<String, T>> for Value {
    /// A `dict` with `str` keys, in the map's iteration order.
    fn from(m: HashMap<String, T>) -> Value {
        let d = interp::Value::dict();
        if let Some(dict) = d.downcast::<DictObj>() {
            for (k, v) in m {
                dict.set_str(&k, v.into().0);
            }
        }
        Value(d)
    }
}

impl TryFrom<Value> for i64 {
    type Error = ConversionError;
    /// An `int` (or `bool`) that fits in `i64`.
    fn try_from(v: Value) -> Result<i64, ConversionError> {
        match v.0 {
            interp::Value::Int(i) => Ok(i),
            interp::Value::Bool(b) => Ok(b as i64),
            ref big if big.as_bigint().is_some() => Err(ConversionError {
                expected: "int that fits in 64 bits".into(),
                found: "int out of range".into(),
                context: String::new(),
            }),
            ref other => Err(ConversionError::new("int", other)),
        }
    }
}

impl TryFrom<Value> for f64 {
    type Error = ConversionError;
    /// A `float`, or an `int` (converted).
    fn try_from(v: Value) -> Result<f64, ConversionError> {
        match v.0 {
            interp::Value::Float(x) => Ok(x),
            interp::Value::Int(i) => Ok(i as f64),
            ref other => Err(ConversionError::new("float", other)),
        }
    }
}

impl TryFrom<Value> for bool {
    type Error = ConversionError;
    /// A `bool` (no truth testing: `1` is not a `bool`).
    fn try_from(v: Value) -> Result<bool, ConversionError> {
        match v.0 {
            interp::Value::Bool(b) => Ok(b),
            ref other => Err(ConversionError::new("bool", other)),
        }
    }
}

impl TryFrom<Value> for String {
    type Error = ConversionError;
    /// A `str`.
    fn try_from(v: Value) -> Result<String, ConversionError> {
        match v.0.downcast::<StrObj>() {
            Some(s) => Ok(s.as_str().to_owned()),
            None => Err(ConversionError::new("str", &v.0)),
        }
    }
}

impl TryFrom<Value> for () {
    type Error = ConversionError;
    /// `None`.
    fn try_from(v: Value) -> Result<(), ConversionError> {
        match v.0 {
            interp::Value::None => Ok(()),
            ref other => Err(ConversionError::new("None", other)),
        }
    }
}

impl<T> TryFrom<Value> for Vec<T>
where
    T: TryFrom<Value>,
    T::Error: Into<ConversionError>,
{
    type Error = ConversionError;
    /// A `list` or `tuple` whose items all convert.
    fn try_from(v: Value) -> Result<Vec<T>, ConversionError> {
        let items = if let Some(l) = v.0.downcast::<ListObj>() {
            match l.items.try_borrow() {
                Ok(items) => items.clone(),
                Err(_) => return Err(ConversionError::new("list not being changed", &v.0)),
            }
        } else if let Some(t) = v.0.downcast::<TupleObj>() {
            t.items.to_vec()
        } else {
            return Err(ConversionError::new("list", &v.0));
        };
        items
            .into_iter()
            .enumerate()
            .map(|(i, x)| {
                T::try_from(Value(x)).map_err(|e| e.into().within(format!("list item {i}")))
            })
            .collect()
    }
}

impl<T> TryFrom<Value> for HashMap<String, T>
where
    T: TryFrom<Value>,
    T::Error: Into<ConversionError>,
{
    type Error = ConversionError;
    /// A `dict` whose keys are all `str` and whose values all convert.
    fn try_from(v: Value) -> Result<HashMap<String, T>, ConversionError> {
        let Some(d) = v.0.downcast::<DictObj>() else {
            return Err(ConversionError::new("dict", &v.0));
        };
        let mut out = HashMap::with_capacity(d.len());
        for (k, x) in d.items() {
            let Some(key) = k.as_str() else {
                return Err(ConversionError::new("str", &k).within("dict key".into()));
            };
            let x = T::try_from(Value(x))
                .map_err(|e| e.into().within(format!("dict value {key:?}")))?;
            out.insert(key.to_owned(), x);
        }
        Ok(out)
    }
}

impl From<std::convert::Infallible> for ConversionError {
    // So that `Vec<Value>` and `HashMap<String, Value>` convert like
    // `Vec<i64>` (through the blanket `TryFrom<Value> for Value`).
    fn from(e: std::convert::Infallible) -> ConversionError {
        match e {}
    }
}

impl capi::rustfn::Arg for Value {
    type Raw = capi::rustfn::ObjectPtr;
    const EXPECTED: &'static str = "object";
    fn from_value(v: &interp::Value) -> Result<Value, capi::rustfn::ArgError> {
        Ok(Value(v.clone()))
    }
}

impl capi::rustfn::Ret for Value {
    type Raw = capi::rustfn::ObjectPtr;
    fn into_raw(self) -> interp::PyResult<capi::rustfn::ObjectPtr> {
        capi::rustfn::object_result(self.0)
    }
}

/// The arguments of [`crate::Vm::call`]: a tuple of up to six values that
/// convert into [`Value`]s (`()` for none, `(x,)` for one).
///
/// ```
/// let mut vm = typhon::Vm::builder().build()?;
/// vm.run_source("def f(*a):\n    return len(a)\n", "<a>")?;
/// assert_eq!(i64::try_from(vm.call("f", ())?)?, 0);
/// assert_eq!(i64::try_from(vm.call("f", (1, 2.5, "s"))?)?, 3);
/// # Ok::<(), typhon::Error>(())
/// ```
pub trait IntoArgs {
    /// The arguments as interpreter values.
    ///
    /// ```
    /// use typhon::IntoArgs;
    /// let args = (1, "two", 3.0).into_args();
    /// let types: Vec<&str> = args.iter().map(|a| a.type_name()).collect();
    /// assert_eq!(types, ["int", "str", "float"]);
    /// ```
    fn into_args(self) -> Vec<interp::Value>;
}

impl IntoArgs for () {
    fn into_args(self) -> Vec<interp::Value> {
        Vec::new()
    }
}

impl IntoArgs for Vec<Value> {
    fn into_args(self) -> Vec<interp::Value> {
        self.into_iter().map(|v| v.0).collect()
    }
}

macro_rules! tuple_args {
    ($($T:ident $t:ident),+) => {
        impl<$($T: Into<Value>),+> IntoArgs for ($($T,)+) {
            fn into_args(self) -> Vec<interp::Value> {
                let ($($t,)+) = self;
                vec![$($t.into().0),+]
            }
        }
    };
}

tuple_args!(A a);
tuple_args!(A a, B b);
tuple_args!(A a, B b, C c);
tuple_args!(A a, B b, C c, D d);
tuple_args!(A a, B b, C c, D d, E e);
tuple_args!(A a, B b, C c, D d, E e, F f);
