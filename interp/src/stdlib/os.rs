//! `os` and `os.path`: the process's environment and working directory,
//! and the file-system calls scripts make most (`listdir`, `remove`,
//! `mkdir`, `rmdir`, `rename`, `getpid`), with CPython's `OSError`
//! subclasses; `os.path`'s POSIX functions, written after
//! `Lib/posixpath.py`.

use crate::object::{Args, Builtin, DictObj, ModuleObj, NativeFn, PyErr, PyResult, Value};
use crate::output::os_error_with;
use crate::vm::Vm;

/// Fills `os`'s dict (and makes `os.path`).
pub fn fill(vm: &mut Vm, d: &DictObj) {
    let funcs: &[(&'static str, NativeFn)] = &[
        ("getcwd", getcwd),
        ("listdir", listdir),
        ("remove", remove),
        ("unlink", remove),
        ("mkdir", mkdir),
        ("makedirs", makedirs),
        ("rmdir", rmdir),
        ("rename", rename),
        ("getpid", getpid),
        ("chdir", chdir),
        ("getenv", getenv),
    ];
    for (name, f) in funcs {
        d.set_str(name, Value::Obj(Builtin::new_obj(name, *f, None)));
    }
    let env = DictObj::new_obj();
    if let Some(e) = env.downcast::<DictObj>() {
        let mut vars: Vec<(String, String)> = std::env::vars_os()
            .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
            .collect();
        vars.sort();
        for (k, v) in vars {
            e.set_str(&k, Value::string(v));
        }
    }
    d.set_str("environ", Value::Obj(env));
    d.set_str("sep", Value::str("/"));
    d.set_str("linesep", Value::str("\n"));
    d.set_str("curdir", Value::str("."));
    d.set_str("pardir", Value::str(".."));
    d.set_str("name", Value::str("posix"));
    let pd = vm.new_module_dict("posixpath", None);
    if let Some(p) = pd.downcast::<DictObj>() {
        let funcs: &[(&'static str, NativeFn)] = &[
            ("join", path_join),
            ("exists", path_exists),
            ("isfile", path_isfile),
            ("isdir", path_isdir),
            ("basename", path_basename),
            ("dirname", path_dirname),
            ("split", path_split),
            ("splitext", path_splitext),
            ("abspath", path_abspath),
            ("getsize", path_getsize),
            ("isabs", path_isabs),
            ("normpath", path_normpath),
        ];
        for (name, f) in funcs {
            p.set_str(name, Value::Obj(Builtin::new_obj(name, *f, None)));
        }
        p.set_str("sep", Value::str("/"));
    }
    d.set_str("path", Value::Obj(ModuleObj::new_obj("posixpath", pd)));
}

/// A path argument: a str (`os.PathLike` objects are not supported).
fn path_arg<'a>(v: &'a Value, func: &str, arg: &str) -> PyResult<&'a str> {
    v.as_str().ok_or_else(|| {
        PyErr::type_error(format!(
            "{func}: {arg} should be string, bytes or os.PathLike, not {}",
            v.type_name()
        ))
    })
}

fn one<'a>(args: &Args<'a>, func: &str) -> PyResult<&'a Value> {
    args.no_kw(func)?;
    match args.pos {
        [v] => Ok(v),
        _ => Err(PyErr::type_error(format!(
            "{func}() takes exactly one argument ({} given)",
            args.pos.len()
        ))),
    }
}

fn getcwd(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("getcwd")?;
    let p = std::env::current_dir().map_err(|e| os_error_with(&e, None))?;
    Ok(Value::string(p.to_string_lossy().into_owned()))
}

fn chdir(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = path_arg(one(&args, "chdir")?, "chdir", "path")?;
    std::env::set_current_dir(p).map_err(|e| os_error_with(&e, Some(p)))?;
    Ok(Value::None)
}

fn listdir(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("listdir")?;
    let p = match args.pos.first() {
        Some(v) => path_arg(v, "listdir", "path")?,
        None => ".",
    };
    let rd = std::fs::read_dir(p).map_err(|e| os_error_with(&e, Some(p)))?;
    let mut names = Vec::new();
    for entry in rd {
        let entry = entry.map_err(|e| os_error_with(&e, Some(p)))?;
        names.push(Value::string(
            entry.file_name().to_string_lossy().into_owned(),
        ));
    }
    Ok(Value::list(names))
}

fn remove(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = path_arg(one(&args, "remove")?, "remove", "path")?;
    std::fs::remove_file(p).map_err(|e| os_error_with(&e, Some(p)))?;
    Ok(Value::None)
}

fn mkdir(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("mkdir", &["mode"])?;
    let Some(p) = args.pos.first() else {
        return Err(PyErr::type_error(
            "mkdir() missing required argument 'path' (pos 1)",
        ));
    };
    let p = path_arg(p, "mkdir", "path")?;
    std::fs::create_dir(p).map_err(|e| os_error_with(&e, Some(p)))?;
    Ok(Value::None)
}

fn makedirs(vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("makedirs", &["mode", "exist_ok"])?;
    let Some(p) = args.pos.first() else {
        return Err(PyErr::type_error(
            "makedirs() missing 1 required positional argument: 'name'",
        ));
    };
    let p = path_arg(p, "makedirs", "path")?;
    let exist_ok = match args.pos.get(2).or(args.kw("exist_ok")) {
        Some(v) => crate::ops::truthy(vm, v)?,
        None => false,
    };
    if std::path::Path::new(p).is_dir() {
        if exist_ok {
            return Ok(Value::None);
        }
        return Err(os_error_with(
            &std::io::Error::from_raw_os_error(17),
            Some(p),
        ));
    }
    std::fs::create_dir_all(p).map_err(|e| os_error_with(&e, Some(p)))?;
    Ok(Value::None)
}

fn rmdir(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = path_arg(one(&args, "rmdir")?, "rmdir", "path")?;
    std::fs::remove_dir(p).map_err(|e| os_error_with(&e, Some(p)))?;
    Ok(Value::None)
}

fn rename(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("rename")?;
    let [a, b] = args.pos else {
        return Err(PyErr::type_error(format!(
            "rename() takes exactly 2 arguments ({} given)",
            args.pos.len()
        )));
    };
    let (a, b) = (path_arg(a, "rename", "src")?, path_arg(b, "rename", "dst")?);
    std::fs::rename(a, b).map_err(|e| os_error_with(&e, Some(a)))?;
    Ok(Value::None)
}

fn getpid(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("getpid")?;
    Ok(Value::Int(std::process::id() as i64))
}

fn getenv(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.check_kw("getenv", &["key", "default"])?;
    let Some(k) = args.pos.first().or(args.kw("key")) else {
        return Err(PyErr::type_error(
            "getenv() missing 1 required positional argument: 'key'",
        ));
    };
    let k = k
        .as_str()
        .ok_or_else(|| PyErr::type_error(format!("str expected, not {}", k.type_name())))?;
    Ok(match std::env::var(k) {
        Ok(v) => Value::string(v),
        Err(_) => args
            .pos
            .get(1)
            .or(args.kw("default"))
            .cloned()
            .unwrap_or(Value::None),
    })
}

// ----- os.path -----------------------------------------------------------------------

fn path_join(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    args.no_kw("join")?;
    let Some((first, rest)) = args.pos.split_first() else {
        return Err(PyErr::type_error(
            "join() missing 1 required positional argument: 'a'",
        ));
    };
    let mut out = path_arg(first, "join", "a")?.to_owned();
    for p in rest {
        let p = p.as_str().ok_or_else(|| {
            PyErr::type_error(format!(
                "join() argument must be str, bytes, or os.PathLike object, not '{}'",
                p.type_name()
            ))
        })?;
        if p.starts_with('/') {
            out = p.to_owned();
        } else if out.is_empty() || out.ends_with('/') {
            out.push_str(p);
        } else {
            out.push('/');
            out.push_str(p);
        }
    }
    Ok(Value::string(out))
}

fn path_exists(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let v = one(&args, "exists")?;
    Ok(Value::Bool(
        v.as_str().is_some_and(|p| std::fs::metadata(p).is_ok()),
    ))
}

fn path_isfile(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let v = one(&args, "isfile")?;
    Ok(Value::Bool(v.as_str().is_some_and(|p| {
        std::fs::metadata(p).is_ok_and(|m| m.is_file())
    })))
}

fn path_isdir(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let v = one(&args, "isdir")?;
    Ok(Value::Bool(v.as_str().is_some_and(|p| {
        std::fs::metadata(p).is_ok_and(|m| m.is_dir())
    })))
}

fn path_isabs(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = path_arg(one(&args, "isabs")?, "isabs", "s")?;
    Ok(Value::Bool(p.starts_with('/')))
}

fn path_getsize(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = path_arg(one(&args, "getsize")?, "getsize", "filename")?;
    let m = std::fs::metadata(p).map_err(|e| os_error_with(&e, Some(p)))?;
    Ok(Value::Int(m.len() as i64))
}

/// `posixpath.split`: (head, tail) at the last '/', the head without its
/// trailing slashes unless it is all slashes.
fn split(p: &str) -> (String, String) {
    let i = p.rfind('/').map_or(0, |i| i + 1);
    let (head, tail) = (&p[..i], &p[i..]);
    let trimmed = head.trim_end_matches('/');
    let head = if trimmed.is_empty() { head } else { trimmed };
    (head.to_owned(), tail.to_owned())
}

fn path_split(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = path_arg(one(&args, "split")?, "split", "p")?;
    let (h, t) = split(p);
    Ok(Value::tuple(vec![Value::string(h), Value::string(t)]))
}

fn path_basename(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = path_arg(one(&args, "basename")?, "basename", "p")?;
    let i = p.rfind('/').map_or(0, |i| i + 1);
    Ok(Value::str(&p[i..]))
}

fn path_dirname(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = path_arg(one(&args, "dirname")?, "dirname", "p")?;
    Ok(Value::string(split(p).0))
}

fn path_splitext(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = path_arg(one(&args, "splitext")?, "splitext", "p")?;
    // The last dot after the last slash, not leading the file name.
    let name_start = p.rfind('/').map_or(0, |i| i + 1);
    let name = &p[name_start..];
    let lead = name.len() - name.trim_start_matches('.').len();
    let (root, ext) = match name.rfind('.') {
        Some(d) if d >= lead && d > 0 && lead < name.len() => {
            (&p[..name_start + d], &p[name_start + d..])
        }
        _ => (p, ""),
    };
    Ok(Value::tuple(vec![Value::str(root), Value::str(ext)]))
}

/// `posixpath.normpath`.
fn normpath(p: &str) -> String {
    if p.is_empty() {
        return ".".to_owned();
    }
    let initial = if p.starts_with("//") && !p.starts_with("///") {
        2
    } else if p.starts_with('/') {
        1
    } else {
        0
    };
    let mut parts: Vec<&str> = Vec::new();
    for c in p.split('/') {
        if c.is_empty() || c == "." {
            continue;
        }
        if c != ".." || (initial == 0 && parts.is_empty()) || parts.last() == Some(&"..") {
            parts.push(c);
        } else if !parts.is_empty() {
            parts.pop();
        }
    }
    let body = parts.join("/");
    let out = format!("{}{body}", "/".repeat(initial));
    if out.is_empty() { ".".to_owned() } else { out }
}

fn path_normpath(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = path_arg(one(&args, "normpath")?, "normpath", "path")?;
    Ok(Value::string(normpath(p)))
}

fn path_abspath(_vm: &mut Vm, args: Args<'_>) -> PyResult<Value> {
    let p = path_arg(one(&args, "abspath")?, "abspath", "path")?;
    let full = if p.starts_with('/') {
        p.to_owned()
    } else {
        let cwd = std::env::current_dir().map_err(|e| os_error_with(&e, None))?;
        format!("{}/{p}", cwd.to_string_lossy())
    };
    Ok(Value::string(normpath(&full)))
}
