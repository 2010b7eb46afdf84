//! `random`: CPython 3.11's generator, so that a seeded program draws the
//! same numbers as under CPython.
//!
//! The core is the Mersenne Twister (MT19937) seeded as CPython's
//! `_random` module seeds it (`init_by_array` over the seed's 32-bit
//! words); `random()` takes 53 bits from two draws and `getrandbits` 32 at
//! a time, least significant word first. The rest follows `random.py`
//! operation for operation: `_randbelow` by rejection with
//! `getrandbits(n.bit_length())`, `shuffle`, `sample`'s two strategies,
//! `choices` by bisection over cumulative weights, and each distribution's
//! formula. The module-level functions are methods of one hidden
//! `Random` instance, as in CPython; `random.Random(seed)` makes others.

use crate::bytecode::BinOp;
use crate::dunder;
use crate::object::types::{self, Kind};
use crate::object::{Args, Builtin, BytesObj, DictObj, ListObj, NativeFn, PyErr, PyResult, Value};
use crate::ops;
use crate::vm::Vm;
use abi::{ObjRef, StaticType};
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Signed, ToPrimitive};
use std::cell::RefCell;

const N: usize = 624;
const M: usize = 397;

/// A Mersenne Twister's state and `gauss`'s saved second value.
pub struct RandomState {
    mt: [u32; N],
    index: usize,
    gauss_next: Option<f64>,
}

/// A `random.Random` instance.
pub struct RandomObj {
    state: RefCell<RandomState>,
}

/// `random.Random`.
pub static RANDOM: StaticType = StaticType::new::<RandomObj>(
    &types::TYPE,
    c"Random",
    Some(&types::OBJECT),
    Kind::RANDOM,
    true,
);

impl RandomState {
    /// A generator in mt19937ar.c's default state (`init_genrand(5489)`).
    #[doc(hidden)]
    pub fn new() -> RandomState {
        let mut s = RandomState {
            mt: [0; N],
            index: N,
            gauss_next: None,
        };
        s.init_genrand(5489);
        s
    }

    fn init_genrand(&mut self, seed: u32) {
        self.mt[0] = seed;
        for i in 1..N {
            let prev = self.mt[i - 1];
            self.mt[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        self.index = N;
    }

    /// Seeds from the words of a key, least significant first.
    #[doc(hidden)]
    pub fn init_by_array(&mut self, key: &[u32]) {
        self.init_genrand(19_650_218);
        let (mut i, mut j) = (1usize, 0usize);
        let len = key.len().max(1);
        for _ in 0..N.max(len) {
            let prev = self.mt[i - 1];
            self.mt[i] = (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key.get(j).copied().unwrap_or(0))
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                self.mt[0] = self.mt[N - 1];
                i = 1;
            }
            if j >= len {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = self.mt[i - 1];
            self.mt[i] = (self.mt[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                self.mt[0] = self.mt[N - 1];
                i = 1;
            }
        }
        self.mt[0] = 0x8000_0000;
        self.index = N;
        self.gauss_next = None;
    }

    /// The next 32-bit output (mt19937ar.c's `genrand_int32`).
    #[doc(hidden)]
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            for k in 0..N {
                let y = (self.mt[k] & 0x8000_0000) | (self.mt[(k + 1) % N] & 0x7fff_ffff);
                let mut v = self.mt[(k + M) % N] ^ (y >> 1);
                if y & 1 != 0 {
                    v ^= 0x9908_b0df;
                }
                self.mt[k] = v;
            }
            self.index = 0;
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `random()`: 53 random bits as a float in [0, 1).
    fn random(&mut self) -> f64 {
        let a = self.next_u32() >> 5;
        let b = self.next_u32() >> 6;
        (a as f64 * 67_108_864.0 + b as f64) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `getrandbits(k)` for `k >= 1`: 32 bits per draw, the first draw
    /// the least significant word, the last one's extra bits dropped.
    #[doc(hidden)]
    pub fn getrandbits(&mut self, k: u64) -> BigUint {
        if k <= 32 {
            return BigUint::from(self.next_u32() >> (32 - k));
        }
        let words = (k - 1) / 32 + 1;
        let mut out: Vec<u32> = Vec::with_capacity(words as usize);
        let mut left = k;
        for _ in 0..words {
            let mut r = self.next_u32();
            if left < 32 {
                r >>= 32 - left;
            }
            out.push(r);
            left = left.saturating_sub(32);
        }
        BigUint::from_slice(&out)
    }

    /// A uniform int in [0, n) for `n > 0` (`_randbelow_with_getrandbits`).
    fn below(&mut self, n: &BigUint) -> BigUint {
        let k = n.bits();
        if k <= 32
            && let Some(n) = n.to_u32()
        {
            loop {
                let r = self.next_u32() >> (32 - k);
                if r < n {
                    return BigUint::from(r);
                }
            }
        }
        loop {
            let r = self.getrandbits(k);
            if &r < n {
                return r;
            }
        }
    }

    /// [`RandomState::below`] for a length.
    fn below_usize(&mut self, n: usize) -> usize {
        self.below(&BigUint::from(n)).to_usize().unwrap_or(0)
    }
}

// ----- seeding ---------------------------------------------------------------------------

/// The key CPython seeds with: the absolute value's 32-bit words, least
/// significant first (`[0]` for zero).
fn key_of(n: &BigInt) -> Vec<u32> {
    let words = n.magnitude().to_u32_digits();
    if words.is_empty() { vec![0] } else { words }
}

/// `seed(a)`: None from the clock and process, an int as itself, a str
/// or bytes through SHA-512 (`int.from_bytes(a + sha512(a).digest())`,
/// version 2), a float through its hash; other types are 3.11's
/// TypeError.
fn seed_value(vm: &mut Vm, st: &mut RandomState, a: Option<&Value>) -> PyResult<()> {
    use sha2::{Digest, Sha512};
    let n: BigInt = match a {
        None | Some(Value::None) => {
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0);
            BigInt::from(t) ^ BigInt::from(std::process::id()) << 128
        }
        Some(v) if v.is_int() => v.to_bigint().unwrap_or_default(),
        Some(v) if v.as_str().is_some() || matches!(v.kind(), Kind::BYTES | Kind::BYTEARRAY) => {
            let mut bytes: Vec<u8> = match v.as_str() {
                Some(s) => s.as_bytes().to_vec(),
                None => match crate::bytes::buffer(v) {
                    Some(b) => b?.to_vec(),
                    None => Vec::new(),
                },
            };
            let digest = Sha512::digest(&bytes);
            bytes.extend_from_slice(&digest);
            BigInt::from_bytes_be(Sign::Plus, &bytes)
        }
        Some(v @ Value::Float(_)) => {
            let h = ops::hash(vm, v)? as i64;
            BigInt::from(h)
        }
        Some(_) => {
            return Err(PyErr::type_error(
                "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.",
            ));
        }
    };
    st.init_by_array(&key_of(&n));
    Ok(())
}

// ----- the module and the type ------------------------------------------------------------

/// The methods of `Random` (and the module's functions, bound to its
/// hidden instance).
pub static METHODS: &[(&str, NativeFn)] = &[
    ("seed", m_seed),
    ("random", m_random),
    ("getrandbits", m_getrandbits),
    ("randbytes", m_randbytes),
    ("randrange", m_randrange),
    ("randint", m_randint),
    ("choice", m_choice),
    ("choices", m_choices),
    ("shuffle", m_shuffle),
    ("sample", m_sample),
    ("uniform", m_uniform),
    ("triangular", m_triangular),
    ("gauss", m_gauss),
    ("normalvariate", m_normalvariate),
    ("lognormvariate", m_lognormvariate),
    ("expovariate", m_expovariate),
    ("paretovariate", m_paretovariate),
    ("weibullvariate", m_weibullvariate),
];

fn new_instance() -> ObjRef {
    ObjRef::new(
        RANDOM.get(),
        RandomObj {
            state: RefCell::new(RandomState::new()),
        },
    )
}

/// `random.Random(seed=None)`.
pub fn new_random(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("Random")?;
    if args.pos.len() > 1 {
        return Err(PyErr::type_error(format!(
            "Random.__init__() takes from 1 to 2 positional arguments but {} were given",
            args.pos.len() + 1
        )));
    }
    let o = new_instance();
    if let Some(r) = o.downcast::<RandomObj>() {
        seed_value(vm, &mut r.state.borrow_mut(), args.pos.first())?;
    }
    Ok(Value::Obj(o))
}

/// Fills the module dict: the functions, bound to a hidden instance
/// seeded from the clock, and the `Random` type.
pub fn fill(vm: &mut Vm, d: &DictObj) -> PyResult<()> {
    let inst = new_instance();
    if let Some(r) = inst.downcast::<RandomObj>() {
        seed_value(vm, &mut r.state.borrow_mut(), None)?;
    }
    for (name, f) in METHODS {
        d.set_str(
            name,
            Value::Obj(Builtin::new_obj(name, *f, Some(Value::Obj(inst.clone())))),
        );
    }
    d.set_str("Random", Value::from_type(&RANDOM));
    Ok(())
}

/// The receiver's state and the arguments after it.
fn this<'a>(args: &Args<'a>, name: &str) -> PyResult<(&'a RandomObj, &'a [Value])> {
    match args.pos.split_first() {
        Some((Value::Obj(o), rest)) => match o.downcast::<RandomObj>() {
            Some(r) => Ok((r, rest)),
            None => Err(PyErr::type_error(format!(
                "descriptor '{name}' requires a 'Random' object"
            ))),
        },
        _ => Err(PyErr::type_error(format!(
            "descriptor '{name}' of 'Random' object needs an argument"
        ))),
    }
}

/// At most `names.len()` positional arguments after `self`, `min` of
/// them required, with CPython's message for a method written in Python
/// (`random.py`) given too many. A missing one is [`required`]'s error.
fn arity(rest: &[Value], name: &str, names: &[&str], min: usize) -> PyResult<()> {
    let max = names.len();
    if rest.len() <= max {
        return Ok(());
    }
    let takes = if min == max {
        format!(
            "{} positional argument{}",
            max + 1,
            if max == 0 { "" } else { "s" }
        )
    } else {
        format!("from {} to {} positional arguments", min + 1, max + 1)
    };
    Err(PyErr::type_error(format!(
        "Random.{name}() takes {takes} but {} were given",
        rest.len() + 1
    )))
}

/// Argument `i` (positional) or keyword `name`.
fn arg<'a>(args: &Args<'a>, rest: &'a [Value], i: usize, name: &str) -> Option<&'a Value> {
    rest.get(i).or_else(|| args.kw(name))
}

/// Required argument `i`, or CPython's "missing 1 required positional
/// argument" for method `method`.
fn required<'a>(
    args: &Args<'a>,
    rest: &'a [Value],
    i: usize,
    name: &str,
    method: &str,
) -> PyResult<&'a Value> {
    arg(args, rest, i, name).ok_or_else(|| {
        PyErr::type_error(format!(
            "Random.{method}() missing 1 required positional argument: '{name}'"
        ))
    })
}

fn m_seed(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("seed", &["a", "version"])?;
    let (r, rest) = this(&args, "seed")?;
    let a = arg(&args, rest, 0, "a");
    seed_value(vm, &mut r.state.borrow_mut(), a)?;
    Ok(Value::None)
}

fn m_random(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("random")?;
    let (r, rest) = this(&args, "random")?;
    if !rest.is_empty() {
        return Err(PyErr::type_error(format!(
            "Random.random() takes no arguments ({} given)",
            rest.len()
        )));
    }
    Ok(Value::Float(r.state.borrow_mut().random()))
}

/// A non-negative bit count.
fn bit_count(vm: &mut Vm, v: &Value) -> PyResult<u64> {
    let n = dunder::as_index(vm, v)?;
    let n = n.to_bigint().ok_or_else(|| {
        PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        ))
    })?;
    if n.is_negative() {
        return Err(PyErr::value_error("number of bits must be non-negative"));
    }
    n.to_u64()
        .filter(|k| *k <= (1 << 40))
        .ok_or_else(PyErr::no_memory)
}

fn m_getrandbits(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("getrandbits")?;
    let (r, rest) = this(&args, "getrandbits")?;
    let [k] = rest else {
        return Err(PyErr::type_error(format!(
            "getrandbits() takes exactly one argument ({} given)",
            rest.len()
        )));
    };
    let k = bit_count(vm, k)?;
    if k == 0 {
        return Ok(Value::Int(0));
    }
    let bits = r.state.borrow_mut().getrandbits(k);
    Ok(Value::from_bigint(BigInt::from(bits)))
}

fn m_randbytes(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("randbytes", &["n"])?;
    let (r, rest) = this(&args, "randbytes")?;
    arity(rest, "randbytes", &["n"], 1)?;
    let n = required(&args, rest, 0, "n", "randbytes")?;
    let n = bit_count(vm, n).map_err(|e| {
        if e.matches(types::VALUE_ERROR.get()) {
            PyErr::value_error("number of bits must be non-negative")
        } else {
            e
        }
    })?;
    if n == 0 {
        return Ok(Value::Obj(BytesObj::new_obj(&[])));
    }
    let bits = r.state.borrow_mut().getrandbits(n * 8);
    let mut bytes = bits.to_bytes_le();
    bytes.resize(n as usize, 0);
    Ok(Value::Obj(BytesObj::new_obj(&bytes)))
}

/// `randrange`'s `_index`: an int through `__index__`; an integral float
/// is taken as its int (CPython warns that this is deprecated; Typhon
/// does not warn), another float is `ValueError(non_integer)`.
fn range_arg(vm: &mut Vm, v: &Value, non_integer: &str) -> PyResult<BigInt> {
    if let Value::Float(f) = v {
        if f.fract() == 0.0 && f.is_finite() {
            return Ok(num_traits::FromPrimitive::from_f64(*f).unwrap_or_default());
        }
        return Err(PyErr::value_error(non_integer));
    }
    let r = dunder::as_index(vm, v)?;
    r.to_bigint().ok_or_else(|| {
        PyErr::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        ))
    })
}

fn randrange(
    vm: &mut Vm,
    r: &RandomObj,
    start: &Value,
    stop: Option<&Value>,
    step: Option<&Value>,
) -> PyResult<Value> {
    let istart = range_arg(vm, start, "non-integer arg 1 for randrange()")?;
    let Some(stop) = stop.filter(|s| !matches!(s, Value::None)) else {
        if step.is_some() {
            return Err(PyErr::type_error("Missing a non-None stop argument"));
        }
        if istart.is_positive() {
            let n = istart.magnitude().clone();
            let v = r.state.borrow_mut().below(&n);
            return Ok(Value::from_bigint(BigInt::from(v)));
        }
        return Err(PyErr::value_error("empty range for randrange()"));
    };
    let istop = range_arg(vm, stop, "non-integer stop for randrange()")?;
    let width = &istop - &istart;
    let istep = match step {
        Some(s) => range_arg(vm, s, "non-integer step for randrange()")?,
        None => BigInt::one(),
    };
    if istep.is_one() {
        if width.is_positive() {
            let v = r.state.borrow_mut().below(width.magnitude());
            return Ok(Value::from_bigint(istart + BigInt::from(v)));
        }
        return Err(PyErr::value_error(format!(
            "empty range for randrange() ({istart}, {istop}, {width})"
        )));
    }
    let n = if istep.is_positive() {
        num_integer::Integer::div_floor(&(&width + &istep - 1), &istep)
    } else if istep.is_negative() {
        num_integer::Integer::div_floor(&(&width + &istep + 1), &istep)
    } else {
        return Err(PyErr::value_error("zero step for randrange()"));
    };
    if !n.is_positive() {
        return Err(PyErr::value_error("empty range for randrange()"));
    }
    let v = r.state.borrow_mut().below(n.magnitude());
    Ok(Value::from_bigint(istart + istep * BigInt::from(v)))
}

fn m_randrange(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("randrange", &["start", "stop", "step"])?;
    let (r, rest) = this(&args, "randrange")?;
    arity(rest, "randrange", &["start", "stop", "step"], 1)?;
    let start = required(&args, rest, 0, "start", "randrange")?;
    randrange(
        vm,
        r,
        start,
        arg(&args, rest, 1, "stop"),
        arg(&args, rest, 2, "step"),
    )
}

fn m_randint(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("randint", &["a", "b"])?;
    let (r, rest) = this(&args, "randint")?;
    arity(rest, "randint", &["a", "b"], 2)?;
    let a = required(&args, rest, 0, "a", "randint")?;
    let b = required(&args, rest, 1, "b", "randint")?;
    let b1 = ops::binary_op(vm, BinOp::Add, b, &Value::Int(1))?;
    randrange(vm, r, a, Some(&b1), None)
}

/// The items of a sequence argument (`choice`, `shuffle`, `sample`):
/// a list, tuple, str, range or bytes, read by index like CPython does.
fn length(vm: &mut Vm, v: &Value) -> PyResult<usize> {
    ops::len(vm, v)
}

fn m_choice(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("choice", &["seq"])?;
    let (r, rest) = this(&args, "choice")?;
    arity(rest, "choice", &["seq"], 1)?;
    let seq = required(&args, rest, 0, "seq", "choice")?;
    let n = length(vm, seq)?;
    if n == 0 {
        return Err(PyErr::index_error("Cannot choose from an empty sequence"));
    }
    let i = r.state.borrow_mut().below_usize(n);
    ops::getitem(vm, seq, &Value::Int(i as i64))
}

fn m_shuffle(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("shuffle", &["x"])?;
    let (r, rest) = this(&args, "shuffle")?;
    arity(rest, "shuffle", &["x"], 1)?;
    let x = required(&args, rest, 0, "x", "shuffle")?;
    let n = length(vm, x)?;
    for i in (1..n).rev() {
        let j = r.state.borrow_mut().below_usize(i + 1);
        if let Some(l) = x.downcast::<ListObj>() {
            let mut v = l.items.borrow_mut();
            if i < v.len() && j < v.len() {
                v.swap(i, j);
            }
            continue;
        }
        let (a, b) = (Value::Int(i as i64), Value::Int(j as i64));
        let xi = ops::getitem(vm, x, &a)?;
        let xj = ops::getitem(vm, x, &b)?;
        ops::setitem(vm, x, &a, xj)?;
        ops::setitem(vm, x, &b, xi)?;
    }
    Ok(Value::None)
}

fn m_sample(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("sample", &["population", "k", "counts"])?;
    let (r, rest) = this(&args, "sample")?;
    arity(rest, "sample", &["population", "k"], 2)?;
    let population = required(&args, rest, 0, "population", "sample")?;
    let k = required(&args, rest, 1, "k", "sample")?;
    if args.kw("counts").is_some_and(|c| !matches!(c, Value::None)) {
        return Err(PyErr::new(
            &types::NOT_IMPLEMENTED_ERROR,
            "random.sample() with counts is not supported by typhon",
        ));
    }
    if !matches!(
        population.kind(),
        Kind::LIST
            | Kind::TUPLE
            | Kind::STR
            | Kind::RANGE
            | Kind::BYTES
            | Kind::BYTEARRAY
            | Kind::MEMORYVIEW
    ) {
        return Err(PyErr::type_error(
            "Population must be a sequence.  For dicts or sets, use sorted(d).",
        ));
    }
    let n = length(vm, population)?;
    let k = dunder::as_index(vm, k)?;
    let k = match k.to_bigint().and_then(|k| k.to_i64()) {
        Some(k) if k >= 0 && k as usize <= n => k as usize,
        Some(_) => {
            return Err(PyErr::value_error(
                "Sample larger than population or is negative",
            ));
        }
        None => {
            return Err(PyErr::type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                k.type_name()
            )));
        }
    };
    let mut setsize = 21usize;
    if k > 5 {
        let e = ((k * 3) as f64).ln() / 4f64.ln();
        setsize += 4usize.pow(e.ceil() as u32);
    }
    let mut result = Vec::with_capacity(k);
    if n <= setsize {
        let mut pool = ops::collect(vm, population)?;
        for i in 0..k {
            let j = r.state.borrow_mut().below_usize(n - i);
            result.push(pool[j].clone());
            pool[j] = pool[n - i - 1].clone();
        }
    } else {
        let mut selected = std::collections::HashSet::with_capacity(k);
        for _ in 0..k {
            let mut j = r.state.borrow_mut().below_usize(n);
            while selected.contains(&j) {
                j = r.state.borrow_mut().below_usize(n);
            }
            selected.insert(j);
            result.push(ops::getitem(vm, population, &Value::Int(j as i64))?);
        }
    }
    Ok(Value::list(result))
}

fn m_choices(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("choices", &["population", "weights", "cum_weights", "k"])?;
    let (r, rest) = this(&args, "choices")?;
    arity(rest, "choices", &["population", "weights"], 1)?;
    let population = required(&args, rest, 0, "population", "choices")?;
    let weights = arg(&args, rest, 1, "weights").filter(|w| !matches!(w, Value::None));
    let cum = args.kw("cum_weights").filter(|w| !matches!(w, Value::None));
    let k = match args.kw("k") {
        Some(k) => {
            let k = dunder::as_index(vm, k)?;
            k.to_bigint().and_then(|k| k.to_i64()).unwrap_or(0).max(0) as usize
        }
        None => 1,
    };
    let n = length(vm, population)?;
    let mut out = Vec::with_capacity(k);
    let cum_weights: Vec<Value> = match (weights, cum) {
        (None, None) => {
            let nf = n as f64;
            for _ in 0..k {
                let i = (r.state.borrow_mut().random() * nf).floor() as i64;
                out.push(ops::getitem(vm, population, &Value::Int(i))?);
            }
            return Ok(Value::list(out));
        }
        (Some(_), Some(_)) => {
            return Err(PyErr::type_error(
                "Cannot specify both weights and cumulative weights",
            ));
        }
        (Some(w), None) => {
            let mut acc: Option<Value> = None;
            let mut cw = Vec::new();
            for x in ops::collect(vm, w)? {
                let next = match &acc {
                    Some(a) => ops::binary_op(vm, BinOp::Add, a, &x)?,
                    None => x,
                };
                cw.push(next.clone());
                acc = Some(next);
            }
            cw
        }
        (None, Some(c)) => ops::collect(vm, c)?,
    };
    if cum_weights.len() != n {
        return Err(PyErr::value_error(
            "The number of weights does not match the population",
        ));
    }
    let total = match cum_weights.last() {
        Some(t) => {
            let t = ops::binary_op(vm, BinOp::Add, t, &Value::Float(0.0))?;
            ops::float_arg(vm, &t)?
        }
        None => {
            return Err(PyErr::index_error("list index out of range"));
        }
    };
    if total <= 0.0 {
        return Err(PyErr::value_error(
            "Total of weights must be greater than zero",
        ));
    }
    if !total.is_finite() {
        return Err(PyErr::value_error("Total of weights must be finite"));
    }
    let hi = n - 1;
    for _ in 0..k {
        let x = Value::Float(r.state.borrow_mut().random() * total);
        // bisect_right(cum_weights, x, 0, hi)
        let (mut lo, mut h) = (0usize, hi);
        while lo < h {
            let mid = (lo + h) / 2;
            if ops::less_than(vm, &x, &cum_weights[mid])? {
                h = mid;
            } else {
                lo = mid + 1;
            }
        }
        out.push(ops::getitem(vm, population, &Value::Int(lo as i64))?);
    }
    Ok(Value::list(out))
}

/// The float arguments of a distribution, by position or keyword, with
/// their defaults.
fn floats<const K: usize>(
    vm: &mut Vm,
    args: &Args<'_>,
    rest: &[Value],
    name: &str,
    spec: [(&str, Option<f64>); K],
) -> PyResult<[f64; K]> {
    let names: Vec<&str> = spec.iter().map(|(n, _)| *n).collect();
    args.check_kw(name, &names)?;
    let min = spec.iter().filter(|(_, d)| d.is_none()).count();
    arity(rest, name, &names, min)?;
    let mut out = [0.0; K];
    for (i, (pname, default)) in spec.iter().enumerate() {
        out[i] = match (arg(args, rest, i, pname), default) {
            (Some(v), _) => ops::float_arg(vm, v)?,
            (None, Some(d)) => *d,
            (None, None) => ops::float_arg(vm, required(args, rest, i, pname, name)?)?,
        };
    }
    Ok(out)
}

fn m_uniform(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (r, rest) = this(&args, "uniform")?;
    let [a, b] = floats(vm, &args, rest, "uniform", [("a", None), ("b", None)])?;
    Ok(Value::float(a + (b - a) * r.state.borrow_mut().random()))
}

fn m_triangular(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (r, rest) = this(&args, "triangular")?;
    args.check_kw("triangular", &["low", "high", "mode"])?;
    arity(rest, "triangular", &["low", "high", "mode"], 0)?;
    let mut low = match arg(&args, rest, 0, "low") {
        Some(v) => ops::float_arg(vm, v)?,
        None => 0.0,
    };
    let mut high = match arg(&args, rest, 1, "high") {
        Some(v) => ops::float_arg(vm, v)?,
        None => 1.0,
    };
    let mode = arg(&args, rest, 2, "mode").filter(|m| !matches!(m, Value::None));
    let mut u = r.state.borrow_mut().random();
    let mut c = match mode {
        None => 0.5,
        Some(m) => {
            let m = ops::float_arg(vm, m)?;
            if high - low == 0.0 {
                return Ok(Value::float(low));
            }
            (m - low) / (high - low)
        }
    };
    if u > c {
        u = 1.0 - u;
        c = 1.0 - c;
        std::mem::swap(&mut low, &mut high);
    }
    Ok(Value::float(low + (high - low) * (u * c).sqrt()))
}

fn m_gauss(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (r, rest) = this(&args, "gauss")?;
    let [mu, sigma] = floats(
        vm,
        &args,
        rest,
        "gauss",
        [("mu", Some(0.0)), ("sigma", Some(1.0))],
    )?;
    let mut st = r.state.borrow_mut();
    let z = match st.gauss_next.take() {
        Some(z) => z,
        None => {
            let x2pi = st.random() * std::f64::consts::TAU;
            let g2rad = (-2.0 * (1.0 - st.random()).ln()).sqrt();
            st.gauss_next = Some(x2pi.sin() * g2rad);
            x2pi.cos() * g2rad
        }
    };
    Ok(Value::float(mu + z * sigma))
}

/// `4 * exp(-0.5) / sqrt(2.0)`, computed as `random.py` does.
fn nv_magicconst() -> f64 {
    4.0 * (-0.5f64).exp() / 2.0f64.sqrt()
}

fn normal(st: &mut RandomState, mu: f64, sigma: f64) -> f64 {
    let k = nv_magicconst();
    loop {
        let u1 = st.random();
        let u2 = 1.0 - st.random();
        let z = k * (u1 - 0.5) / u2;
        let zz = z * z / 4.0;
        if zz <= -u2.ln() {
            return mu + z * sigma;
        }
    }
}

fn m_normalvariate(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (r, rest) = this(&args, "normalvariate")?;
    let [mu, sigma] = floats(
        vm,
        &args,
        rest,
        "normalvariate",
        [("mu", Some(0.0)), ("sigma", Some(1.0))],
    )?;
    Ok(Value::float(normal(&mut r.state.borrow_mut(), mu, sigma)))
}

fn m_lognormvariate(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (r, rest) = this(&args, "lognormvariate")?;
    let [mu, sigma] = floats(
        vm,
        &args,
        rest,
        "lognormvariate",
        [("mu", None), ("sigma", None)],
    )?;
    let x = normal(&mut r.state.borrow_mut(), mu, sigma);
    let e = x.exp();
    if e.is_infinite() {
        return Err(PyErr::overflow("math range error"));
    }
    Ok(Value::float(e))
}

fn m_expovariate(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (r, rest) = this(&args, "expovariate")?;
    let [lambd] = floats(vm, &args, rest, "expovariate", [("lambd", None)])?;
    let u = r.state.borrow_mut().random();
    let l = -(1.0 - u).ln();
    if lambd == 0.0 {
        return Err(PyErr::new(
            &types::ZERO_DIVISION_ERROR,
            "float division by zero",
        ));
    }
    Ok(Value::float(l / lambd))
}

fn m_paretovariate(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (r, rest) = this(&args, "paretovariate")?;
    let [alpha] = floats(vm, &args, rest, "paretovariate", [("alpha", None)])?;
    let u = 1.0 - r.state.borrow_mut().random();
    if alpha == 0.0 {
        return Err(PyErr::new(
            &types::ZERO_DIVISION_ERROR,
            "float division by zero",
        ));
    }
    Ok(Value::float(u.powf(-1.0 / alpha)))
}

fn m_weibullvariate(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let (r, rest) = this(&args, "weibullvariate")?;
    let [alpha, beta] = floats(
        vm,
        &args,
        rest,
        "weibullvariate",
        [("alpha", None), ("beta", None)],
    )?;
    let u = 1.0 - r.state.borrow_mut().random();
    if beta == 0.0 {
        return Err(PyErr::new(
            &types::ZERO_DIVISION_ERROR,
            "float division by zero",
        ));
    }
    Ok(Value::float(alpha * (-u.ln()).powf(1.0 / beta)))
}
