//! Core errors to Python exceptions, in one place. The exception classes are
//! defined in Python (`razz_fast.errors`) so the pure-Python reference raises
//! the very same classes.

use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::error::{Error, ErrorKind};

pyo3::import_exception!(razz_fast.errors, RazzError);
pyo3::import_exception!(razz_fast.errors, InvalidCardError);
pyo3::import_exception!(razz_fast.errors, IllegalActionError);

/// Each core error to its Python exception, variant by variant: card
/// input to `InvalidCardError`, a value out of its domain to `RazzError`,
/// a bad argument to `ValueError`, an illegal action to
/// `IllegalActionError`, memory a size needs that cannot be had to
/// `MemoryError`; the message is the core's.
impl From<Error> for PyErr {
    fn from(err: Error) -> PyErr {
        let message = err.to_string();
        match err.kind() {
            ErrorKind::InvalidCard => InvalidCardError::new_err(message),
            ErrorKind::InvalidValue => RazzError::new_err(message),
            ErrorKind::InvalidArgument => PyValueError::new_err(message),
            ErrorKind::IllegalAction => IllegalActionError::new_err(message),
            ErrorKind::OutOfMemory => PyMemoryError::new_err(message),
        }
    }
}

/// `e`, raised while taking `got` apart: a TypeError becomes ours, naming
/// what was expected; any other exception (from the object's own
/// `__iter__` or `__index__`) is the caller's to see, unchanged.
pub fn type_error_from(e: PyErr, expected: &str, got: &Bound<'_, PyAny>) -> PyErr {
    if e.is_instance_of::<PyTypeError>(got.py()) {
        type_error(expected, got)
    } else {
        e
    }
}

/// A `TypeError` naming what was expected and the type that came instead.
pub fn type_error(expected: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let name = got
        .get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string());
    PyTypeError::new_err(format!("{expected}, got {name}"))
}
