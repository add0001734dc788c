//! Strict argument conversion shared by the bindings: ints that are not
//! bools, sequences that are not strings, with errors that name the argument.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyString};

use super::errors::type_error;

/// An `int` (not a `bool`) as i128, so that any out-of-range value can be
/// reported as a ValueError rather than an overflow.
pub fn int_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<i128> {
    if obj.is_instance_of::<PyBool>() || !obj.is_instance_of::<PyInt>() {
        return Err(type_error(&format!("{name} must be an int"), obj));
    }
    obj.extract::<i128>().map_err(|_| {
        PyValueError::new_err(format!(
            "{name} is out of range: {}",
            obj.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })
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

pub fn bool_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    obj.cast::<PyBool>()
        .map(|b| b.is_true())
        .map_err(|_| type_error(&format!("{name} must be a bool"), obj))
}

/// The items of a sequence argument (not a str, bytes or dict).
pub fn sequence_items<'py>(
    obj: &Bound<'py, PyAny>,
    name: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let scalar = obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<PyBytes>()
        || obj.is_instance_of::<PyDict>();
    if scalar {
        return Err(type_error(&format!("{name} must be a sequence"), obj));
    }
    obj.try_iter()
        .map_err(|_| type_error(&format!("{name} must be a sequence"), obj))?
        .collect::<PyResult<Vec<_>>>()
}

/// A seat index argument.
pub fn seat_arg(obj: &Bound<'_, PyAny>, players: usize) -> PyResult<usize> {
    let v = int_arg(obj, "seat")?;
    if v < 0 || v >= players as i128 {
        return Err(PyValueError::new_err(format!(
            "seat must be 0..{}, got {v}",
            players - 1
        )));
    }
    Ok(v as usize)
}

pub fn not_both(a: bool, b: bool, message: &str) -> PyResult<()> {
    if a && b {
        Err(PyValueError::new_err(message.to_string()))
    } else {
        Ok(())
    }
}
