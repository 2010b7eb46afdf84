//! Embedding Typhon in a Rust program: input nested far too deep must come
//! back as a Python exception on the embedder's own thread, whose stack
//! may be small (a test thread's is 2 MB), never as a stack overflow.

/// Runs `code` in a fresh interpreter on a thread with a 2 MB stack (what
/// `std::thread::spawn` gives by default) and returns the error's type
/// name, or `None` if it ran.
fn run_on_small_stack(code: String) -> Option<String> {
    std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            let mut vm = typhon::Vm::builder()
                .build()
                .expect("build the interpreter");
            match vm.run_source(&code, "<embedded>") {
                Ok(_) => None,
                Err(typhon::Error::Exception { type_name, .. }) => Some(type_name),
                Err(e) => Some(format!("{e}")),
            }
        })
        .expect("spawn")
        .join()
        .expect("the interpreter's thread does not panic")
}

#[test]
fn deep_code_is_a_recursion_error_on_a_small_stack() {
    // One expression a million additions deep.
    let sum = format!("x = {}1\n", "1 + ".repeat(1_000_000));
    assert_eq!(run_on_small_stack(sum).as_deref(), Some("RecursionError"));
    // A million unary minus signs.
    let neg = format!("x = {}1\n", "-".repeat(1_000_000));
    assert_eq!(run_on_small_stack(neg).as_deref(), Some("RecursionError"));
    // A million brackets.
    let brackets = format!("x = {}{}\n", "[".repeat(1_000_000), "]".repeat(1_000_000));
    assert_eq!(run_on_small_stack(brackets).as_deref(), Some("SyntaxError"));
}

#[test]
fn deep_data_is_freed_and_refused_on_a_small_stack() {
    // Freed a million deep; repr, hash and == refused past the limit.
    let code = "x = []\nfor i in range(1000000):\n    x = [x]\n\
                a = b = ()\nfor i in range(5000):\n    a = (i, a)\n    b = (i, b)\n\
                for f in (lambda: repr(x), lambda: hash(a), lambda: a == b):\n\
                \x20   try:\n        f()\n        raise AssertionError('no RecursionError')\n\
                \x20   except RecursionError:\n        pass\n\
                del x, a, b\n";
    assert_eq!(run_on_small_stack(code.to_string()), None);
}
