//! Private name mangling, as CPython's compiler does it: inside a class
//! body, and in every function nested in it, an identifier `__spam` (two
//! leading underscores, not two trailing ones, no dot) becomes
//! `_Class__spam`, where `Class` is the innermost enclosing class's name
//! without its leading underscores (a class named only with underscores
//! mangles nothing). Names, attribute names, parameters, `def` and
//! `class` names, `global`/`nonlocal` declarations, `except ... as`
//! targets, import bindings and the names `case` patterns capture are
//! mangled; keyword argument names (a class pattern's included) and
//! strings are not.
//!
//! A pass over the tree before the scope analysis, so that the analysis
//! and the code generation see the same, mangled, names.

use ruff_python_ast::name::Name;
use ruff_python_ast::visitor::transformer::{self, Transformer};
use ruff_python_ast::{self as ast, Expr, Stmt};
use std::cell::{Cell, RefCell};

/// `name` as written in the body of class `class` (already without its
/// leading underscores), or `None` when it is not a private name there.
pub fn mangle(class: &str, name: &str) -> Option<String> {
    if class.is_empty() || !name.starts_with("__") || name.ends_with("__") || name.contains('.') {
        return None;
    }
    Some(format!("_{class}{name}"))
}

/// The class name that mangles names in its body: without its leading
/// underscores.
pub fn private_of(class: &str) -> &str {
    class.trim_start_matches('_')
}

/// Whether `module` may contain a name to mangle at all: a class and a
/// double underscore somewhere in its text (a quick test that spares most
/// modules the copy of their tree).
pub fn may_mangle(text: &str) -> bool {
    text.contains("class") && text.contains("__")
}

/// Mangles the private names of `body` in place. Trees nested deeper than
/// `max_depth` are left alone past that depth (the scope analysis then
/// reports them as too deeply nested).
pub fn mangle_body(body: &mut [Stmt], max_depth: u32) {
    let m = Mangler {
        private: RefCell::new(String::new()),
        depth: Cell::new(0),
        max_depth,
    };
    for s in body {
        m.visit_stmt(s);
    }
}

struct Mangler {
    /// The innermost class's name without leading underscores; empty
    /// outside classes.
    private: RefCell<String>,
    depth: Cell<u32>,
    max_depth: u32,
}

impl Mangler {
    fn name(&self, n: &mut Name) {
        if let Some(m) = mangle(&self.private.borrow(), n.as_str()) {
            *n = Name::new(m);
        }
    }

    fn ident(&self, i: &mut ast::Identifier) {
        self.name(&mut i.id);
    }

    /// Runs `f` one level deeper, unless that is too deep.
    fn deeper(&self, f: impl FnOnce()) {
        let d = self.depth.get();
        if d < self.max_depth {
            self.depth.set(d + 1);
            f();
            self.depth.set(d);
        }
    }
}

impl Transformer for Mangler {
    fn visit_stmt(&self, stmt: &mut Stmt) {
        self.deeper(|| match stmt {
            Stmt::ClassDef(c) => {
                // The class's own name, decorators and bases belong to the
                // enclosing scope; its body mangles with its own name.
                let own = private_of(c.name.as_str()).to_owned();
                self.ident(&mut c.name);
                for d in &mut c.decorator_list {
                    self.visit_decorator(d);
                }
                if let Some(a) = &mut c.arguments {
                    self.visit_arguments(a);
                }
                let outer = self.private.replace(own);
                self.visit_body(&mut c.body);
                *self.private.borrow_mut() = outer;
            }
            Stmt::FunctionDef(f) => {
                self.ident(&mut f.name);
                transformer::walk_stmt(self, stmt);
            }
            Stmt::Global(g) => g.names.iter_mut().for_each(|n| self.ident(n)),
            Stmt::Nonlocal(g) => g.names.iter_mut().for_each(|n| self.ident(n)),
            Stmt::Import(i) => i.names.iter_mut().for_each(|a| self.alias(a)),
            Stmt::ImportFrom(i) => i.names.iter_mut().for_each(|a| self.alias(a)),
            _ => transformer::walk_stmt(self, stmt),
        });
    }

    fn visit_expr(&self, expr: &mut Expr) {
        self.deeper(|| {
            match expr {
                Expr::Name(n) => self.name(&mut n.id),
                Expr::Attribute(a) => self.ident(&mut a.attr),
                _ => {}
            }
            transformer::walk_expr(self, expr);
        });
    }

    fn visit_parameter(&self, parameter: &mut ast::Parameter) {
        self.ident(&mut parameter.name);
        transformer::walk_parameter(self, parameter);
    }

    /// The names a `case` pattern captures are mangled; the attribute
    /// names of a class pattern's keywords are not (CPython 3.11 loads
    /// them as they are written).
    fn visit_pattern(&self, pattern: &mut ast::Pattern) {
        self.deeper(|| {
            match pattern {
                ast::Pattern::MatchAs(a) => {
                    if let Some(n) = &mut a.name {
                        self.ident(n);
                    }
                }
                ast::Pattern::MatchStar(s) => {
                    if let Some(n) = &mut s.name {
                        self.ident(n);
                    }
                }
                ast::Pattern::MatchMapping(m) => {
                    if let Some(n) = &mut m.rest {
                        self.ident(n);
                    }
                }
                _ => {}
            }
            transformer::walk_pattern(self, pattern);
        });
    }

    fn visit_except_handler(&self, handler: &mut ast::ExceptHandler) {
        let ast::ExceptHandler::ExceptHandler(h) = handler;
        if let Some(n) = &mut h.name {
            self.ident(n);
        }
        transformer::walk_except_handler(self, handler);
    }
}

impl Mangler {
    /// An import binds its `as` name, or the module's (undotted) name:
    /// the binding is mangled, the module or attribute imported is not.
    fn alias(&self, a: &mut ast::Alias) {
        match &mut a.asname {
            Some(n) => self.ident(n),
            None => {
                if let Some(m) = mangle(&self.private.borrow(), a.name.as_str()) {
                    let mut n = a.name.clone();
                    n.id = Name::new(m);
                    a.asname = Some(n);
                }
            }
        }
    }
}
