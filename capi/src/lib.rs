//! Typhon's CPython-compatible C API and typed-method support.
//!
//! The object layout C code sees is defined in the `abi` crate
//! (`capi/abi`): Typhon's heap objects start with CPython's header, so they
//! can be handed to C without conversion. The C API functions themselves,
//! the headers and extension loading arrive with the C API issue.
