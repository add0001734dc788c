//! One value per table as a numpy vector: the actions of `step` and of a
//! batch policy's result, the `where` flags of `step`. Anything
//! `numpy.asarray` makes a 1-D array of the right kind is taken.

use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::py::errors::type_error;

/// `where` of `step`: one bool per table, as a numpy bool array or anything
/// `numpy.asarray` makes one of.
pub(super) fn where_arg(
    py: Python<'_>,
    flags: &Bound<'_, PyAny>,
    len: usize,
) -> PyResult<Vec<bool>> {
    let expected = format!("where must be a 1-D bool array of length {len}");
    // Through uint8, which numpy casts to 0 or 1: a bool array may hold any
    // byte (written through a view), which is no Rust `bool`.
    let bytes: Vec<u8> = vector_arg(py, flags, len, &expected, &["b"], "uint8")?;
    Ok(bytes.into_iter().map(|b| b != 0).collect())
}

/// The actions of `step` or of a batch policy's result, as the core takes
/// them (i64), and whether the caller gave them unsigned: numpy's cast
/// wraps a uint64 past `i64::MAX` round to a negative number, which an
/// error must show as the value the caller gave.
pub struct Actions {
    pub values: Vec<i64>,
    unsigned: bool,
}

impl Actions {
    /// `value` (one of `values`) as the caller wrote it.
    pub fn shown(&self, value: i64) -> String {
        if self.unsigned {
            // (Every unsigned value is non-negative: a negative one is a
            // uint64 the cast wrapped, and this unwraps it.)
            (value as u64).to_string()
        } else {
            value.to_string()
        }
    }
}

/// One action per table (or per row of a batch policy's batch): an integer
/// numpy array, or anything `numpy.asarray` makes one of.
pub fn actions_arg(py: Python<'_>, actions: &Bound<'_, PyAny>, len: usize) -> PyResult<Actions> {
    // The common case, read in place: what numpy's argmax returns.
    if let Ok(array) = actions.cast::<PyArray1<i64>>() {
        // (`try_readonly`: an array the core is writing falls through to
        // numpy's copy instead of panicking.)
        if let (true, Ok(array)) = (array.len() == len, array.try_readonly()) {
            if let Ok(values) = array.as_slice() {
                return Ok(Actions {
                    values: values.to_vec(),
                    unsigned: false,
                });
            }
        }
    }
    let expected = format!("actions must be a 1-D integer array of length {len}");
    let (values, kind) = vector_kind(py, actions, len, &expected, &["i", "u"], "int64")?;
    Ok(Actions {
        values,
        unsigned: kind == "u",
    })
}

/// `value` as `len` elements of `T`: anything `numpy.asarray` makes a 1-D
/// array of, of one of the dtype `kinds`, converted to `dtype`.
fn vector_arg<T: numpy::Element + Copy>(
    py: Python<'_>,
    value: &Bound<'_, PyAny>,
    len: usize,
    expected: &str,
    kinds: &[&str],
    dtype: &str,
) -> PyResult<Vec<T>> {
    Ok(vector_kind(py, value, len, expected, kinds, dtype)?.0)
}

/// `vector_arg`, with the dtype kind the caller's values had.
fn vector_kind<T: numpy::Element + Copy>(
    py: Python<'_>,
    value: &Bound<'_, PyAny>,
    len: usize,
    expected: &str,
    kinds: &[&str],
    dtype: &str,
) -> PyResult<(Vec<T>, String)> {
    let np = py.import("numpy")?;
    // What numpy cannot make an array of is a TypeError naming what came
    // (as in the reference); any other exception, from the object's own
    // `__array__` say, is the caller's to see, unchanged.
    let array = np.call_method1("asarray", (value,)).map_err(|e| {
        if e.is_instance_of::<PyTypeError>(py) || e.is_instance_of::<PyValueError>(py) {
            type_error(expected, value)
        } else {
            e
        }
    })?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if !kinds.contains(&kind.as_str()) {
        return Err(type_error(expected, value));
    }
    let array = array
        .call_method1("astype", (dtype,))?
        .cast_into::<PyArray1<T>>()
        .map_err(|_| PyValueError::new_err(format!("{expected}, got another shape")))?;
    if array.len() != len {
        return Err(PyValueError::new_err(format!(
            "{expected}, got length {}",
            array.len()
        )));
    }
    Ok((array.readonly().as_array().to_vec(), kind))
}
