//! Strict argument conversion shared by the bindings: ints that are not
//! bools, sequences that are not strings, with errors that name the argument.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyFrozenSet, PyInt, PySet, PyString};

use super::errors::type_error;

/// A `threads` argument: None, or an int (see [`int_arg`]) the core checks.
pub fn threads_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let count = obj.map(|t| int_arg(t, "threads")).transpose()?;
    Ok(crate::threads::checked_threads(count)?)
}

/// `obj` as a Python int if it is an integer by Python's own rule
/// (`operator.index`: ints and numpy's integer scalars) and not a bool;
/// None otherwise. An exception from the object's own `__index__` other
/// than a TypeError is the caller's to see.
pub fn index_of<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyInt>>> {
    if obj.is_instance_of::<PyBool>() {
        return Ok(None);
    }
    if let Ok(int) = obj.cast::<PyInt>() {
        return Ok(Some(int.clone()));
    }
    let py = obj.py();
    match py.import("operator")?.getattr("index")?.call1((obj,)) {
        Ok(value) => Ok(value.cast_into::<PyInt>().ok()),
        Err(e) if e.is_instance_of::<PyTypeError>(py) => Ok(None),
        Err(e) => Err(e),
    }
}

/// An integer (see [`index_of`]) as i128, so that any out-of-range value
/// can be reported as a ValueError rather than an overflow.
pub fn int_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<i128> {
    let Some(obj) = index_of(obj)? else {
        return Err(type_error(&format!("{name} must be an int"), obj));
    };
    obj.extract::<i128>().map_err(|_| {
        PyValueError::new_err(format!(
            "{name} is out of range: {}",
            int_text(obj.as_any())
        ))
    })
}

/// An int as an error message quotes it, by `razz_fast._checks.int_text`
/// (the reference's wording): its digits, or its size past Python's limit
/// on converting ints to text, where `str` itself fails.
pub fn int_text(int: &Bound<'_, PyAny>) -> String {
    int.py()
        .import("razz_fast._checks")
        .and_then(|checks| checks.getattr("int_text")?.call1((int,))?.extract())
        .unwrap_or_else(|_| "an int".into())
}

/// An int in `lo..=hi` (ValueError outside, TypeError for a non-int).
pub fn int_in(obj: &Bound<'_, PyAny>, name: &str, lo: u64, hi: u64) -> PyResult<u64> {
    let v = int_arg(obj, name)?;
    if v < lo as i128 || v > hi as i128 {
        return Err(PyValueError::new_err(format!(
            "{name} must be {lo}..{hi}, got {v}"
        )));
    }
    Ok(v as u64)
}

/// A bool: Python's or numpy's (PyO3's `bool` takes both, as
/// `razz_fast._checks.is_bool` does), never an int.
pub fn bool_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    obj.extract::<bool>()
        .map_err(|_| type_error(&format!("{name} must be a bool"), obj))
}

/// Iterable, but never a sequence of ints to us (as in the reference):
/// text, bytes (a bytearray too) or a dict.
pub fn text_or_mapping(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<PyBytes>()
        || obj.is_instance_of::<PyByteArray>()
        || obj.is_instance_of::<PyDict>()
}

/// A set: no order of its own (for strings it changes from run to run),
/// so never a list where order matters (seats, a deck).
pub fn unordered(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PySet>() || obj.is_instance_of::<PyFrozenSet>()
}

/// The items of a sequence argument in order (not text, bytes, a dict or
/// a set).
pub fn sequence_items<'py>(
    obj: &Bound<'py, PyAny>,
    name: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if unordered(obj) || text_or_mapping(obj) {
        return Err(type_error(&format!("{name} must be a sequence"), obj));
    }
    obj.try_iter()
        .map_err(|_| type_error(&format!("{name} must be a sequence"), obj))?
        .collect::<PyResult<Vec<_>>>()
}

pub fn not_both(a: bool, b: bool, message: &str) -> PyResult<()> {
    if a && b {
        Err(PyValueError::new_err(message.to_string()))
    } else {
        Ok(())
    }
}
