//! The observation arrays a `Batch` and `Tables` expose: numpy arrays
//! allocated once (`ObsArrays`), lent to the core as `tables::Obs` slices
//! to write in place, checked on each use to be as they were made (the
//! caller holds them and may have changed one), and encoded as features.

use numpy::ndarray::{Dimension, IntoDimension};
use numpy::npyffi::objects::_PyArray_GET_ITEM_DATA;
use numpy::npyffi::NPY_ARRAY_OWNDATA;
use numpy::{
    BorrowError, Element, PyArray, PyArray1, PyArray2, PyArray3, PyArrayDescrMethods,
    PyArrayMethods, PyReadonlyArray, PyReadwriteArray, PyUntypedArrayMethods, ToNpyDims,
    PY_ARRAY_API,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::event::Action;
use crate::py::errors::type_error;
use crate::tables::features::WIDTH;
use crate::tables::obs::SLOTS;
use crate::tables::{Obs, ObsRef};

/// A new C-ordered numpy array of zeros of shape `dims`, or the exception
/// numpy raised instead: a MemoryError when memory cannot hold it (a
/// ValueError for a size past numpy's own limit). rust-numpy's `zeros`
/// panics there ("PyObject pointer is null"), and the sizes here are the
/// caller's (tables, rows of a batch).
pub fn zeros<T: Element, D: Dimension>(
    py: Python<'_>,
    dims: impl IntoDimension<Dim = D>,
) -> PyResult<Bound<'_, PyArray<T, D>>> {
    let mut dims = dims.into_dimension();
    // SAFETY: as rust-numpy's own `PyArray::zeros` calls it (attached, the
    // dtype's reference stolen by numpy, `dims` alive through the call), but
    // a null result is taken as numpy's exception rather than unwrapped;
    // what numpy returns otherwise is an array of `T` with `D`'s dimensions.
    unsafe {
        let ptr = PY_ARRAY_API.PyArray_Zeros(
            py,
            dims.ndim_cint(),
            dims.as_dims_ptr(),
            T::get_dtype(py).into_dtype_ptr(),
            0,
        );
        Ok(Bound::from_owned_ptr_or_err(py, ptr)?.cast_into_unchecked())
    }
}

/// The observation arrays of `rows` tables, owned by numpy.
pub struct ObsArrays {
    pub(super) rows: usize,
    players: usize,
    pub(super) actor: Py<PyArray1<i8>>,
    pub(super) street: Py<PyArray1<i8>>,
    pub(super) to_call: Py<PyArray1<i64>>,
    pub(super) pot: Py<PyArray1<i64>>,
    pub(super) legal: Py<PyArray2<bool>>,
    pub(super) stacks: Py<PyArray2<i64>>,
    pub(super) bets: Py<PyArray2<i64>>,
    pub(super) folded: Py<PyArray2<bool>>,
    pub(super) all_in: Py<PyArray2<bool>>,
    pub(super) cards: Py<PyArray3<i8>>,
    pub(super) community: Py<PyArray1<i8>>,
}

/// `array` of `obs`, checked to be still as `ObsArrays::new` made it.
/// The caller holds the arrays and may make one read-only, change its
/// dtype or shape in place (`a.dtype = ...`, `a.shape = ...`) or, with
/// numpy 1.x, point it at other memory (`a.data = ...`, which could make
/// two arrays overlap or misalign one behind rust-numpy's borrow
/// tracking): the core would then read or write past it or through an
/// alias, so that is a `ValueError` naming the array rather than a panic
/// or undefined behaviour. (Checking the eleven arrays costs well under a
/// microsecond a call.)
pub(super) fn usable<'py, T: Element, D: Dimension>(
    py: Python<'py>,
    array: &Py<PyArray<T, D>>,
    name: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyArray<T, D>>> {
    let array = array.bind(py).clone();
    let dtype = T::get_dtype(py);
    if array.shape() != shape || !array.dtype().is_equiv_to(&dtype) || !array.is_c_contiguous() {
        return Err(PyValueError::new_err(format!(
            "the {name} array was changed in place: it must stay a C-contiguous {dtype} \
             array of shape {shape:?}, it is {} of shape {:?}",
            array.dtype(),
            array.shape()
        )));
    }
    // SAFETY: a live array object (bound), read while attached, through
    // rust-numpy's own accessor of its fields (numpy 1.x and 2.x alike).
    let flags = unsafe { (*_PyArray_GET_ITEM_DATA(array.as_array_ptr())).flags };
    let owns = flags & NPY_ARRAY_OWNDATA != 0;
    if !owns || !array.is_aligned() {
        return Err(PyValueError::new_err(format!(
            "the {name} array was changed in place: its data was replaced"
        )));
    }
    Ok(array)
}

/// A borrow of an array that numpy refused: read-only (`setflags(write=False)`),
/// or already borrowed by the core; `writer` is the method that writes it.
pub(super) fn unusable(name: &str, writer: &str, error: BorrowError) -> PyErr {
    PyValueError::new_err(match error {
        BorrowError::NotWriteable => format!("{name} is read-only, but {writer} writes into it"),
        e => format!("{name} cannot be used now: {e}"),
    })
}

fn values_mut<'a, T: Element, D: Dimension>(
    array: &'a mut PyReadwriteArray<'_, T, D>,
) -> PyResult<&'a mut [T]> {
    Ok(array.as_slice_mut()?)
}

fn values<'a, T: Element, D: Dimension>(array: &'a PyReadonlyArray<'_, T, D>) -> PyResult<&'a [T]> {
    Ok(array.as_slice()?)
}

/// A bool array's data as bytes, never as `&mut [bool]`: the caller may
/// have written any byte into it through a uint8 view, and a Rust `bool`
/// holding a byte other than 0 or 1 is undefined behaviour. The core
/// checks the bytes instead (`ObsRef::check`).
pub(super) fn bytes_mut<'a, D: Dimension>(
    array: &'a mut PyReadwriteArray<'_, bool, D>,
) -> PyResult<&'a mut [u8]> {
    if !array.is_c_contiguous() {
        return Err(PyValueError::new_err("a flag array is not contiguous"));
    }
    let len = array.len();
    // SAFETY: a C-contiguous array of `len` one-byte bools starts at
    // `data()`; the write borrow `array`, held as long as the slice, keeps
    // every other borrow from the core out; any byte is a valid `u8`.
    Ok(unsafe { std::slice::from_raw_parts_mut(array.data().cast::<u8>(), len) })
}

/// `bytes_mut`, read only.
fn bytes<'a, D: Dimension>(array: &'a PyReadonlyArray<'_, bool, D>) -> PyResult<&'a [u8]> {
    if !array.is_c_contiguous() {
        return Err(PyValueError::new_err("a flag array is not contiguous"));
    }
    let len = array.len();
    // SAFETY: as in `bytes_mut`, with a read borrow held as long as the slice.
    Ok(unsafe { std::slice::from_raw_parts(array.data().cast::<u8>().cast_const(), len) })
}

/// The data of the `$field` array of `$obs` as a slice (`$as_slice`:
/// `values_mut`, or `bytes_mut` for a bool array), checked by `usable`;
/// the borrow guard lives on, shadowed, as long as the slice.
macro_rules! slice_mut {
    ($py:expr, $obs:expr, $field:ident, $shape:expr, $as_slice:ident) => {
        let mut $field = usable($py, &$obs.$field, stringify!($field), &$shape)?
            .try_readwrite()
            .map_err(|e| unusable(stringify!($field), "step()", e))?;
        let $field = $as_slice(&mut $field)?;
    };
}
/// `slice_mut!`, read only (`values` or `bytes`).
macro_rules! slice {
    ($py:expr, $obs:expr, $field:ident, $shape:expr, $as_slice:ident) => {
        let $field = usable($py, &$obs.$field, stringify!($field), &$shape)?
            .try_readonly()
            .map_err(|e| unusable(stringify!($field), "step()", e))?;
        let $field = $as_slice(&$field)?;
    };
}

impl ObsArrays {
    /// The arrays of `rows` tables of `players` seats, zeroed; numpy's
    /// MemoryError when memory cannot hold them.
    pub fn new(py: Python<'_>, rows: usize, players: usize) -> PyResult<ObsArrays> {
        let a = Action::ALL.len();
        Ok(ObsArrays {
            rows,
            players,
            actor: zeros(py, rows)?.unbind(),
            street: zeros(py, rows)?.unbind(),
            to_call: zeros(py, rows)?.unbind(),
            pot: zeros(py, rows)?.unbind(),
            legal: zeros(py, [rows, a])?.unbind(),
            stacks: zeros(py, [rows, players])?.unbind(),
            bets: zeros(py, [rows, players])?.unbind(),
            folded: zeros(py, [rows, players])?.unbind(),
            all_in: zeros(py, [rows, players])?.unbind(),
            cards: zeros(py, [rows, players, SLOTS])?.unbind(),
            community: zeros(py, rows)?.unbind(),
        })
    }

    pub(super) fn clone_ref(&self, py: Python<'_>) -> ObsArrays {
        ObsArrays {
            rows: self.rows,
            players: self.players,
            actor: self.actor.clone_ref(py),
            street: self.street.clone_ref(py),
            to_call: self.to_call.clone_ref(py),
            pot: self.pot.clone_ref(py),
            legal: self.legal.clone_ref(py),
            stacks: self.stacks.clone_ref(py),
            bets: self.bets.clone_ref(py),
            folded: self.folded.clone_ref(py),
            all_in: self.all_in.clone_ref(py),
            cards: self.cards.clone_ref(py),
            community: self.community.clone_ref(py),
        }
    }

    /// The shapes of one row's array, of the per-seat arrays, of `cards`.
    fn shapes(&self) -> ([usize; 1], [usize; 2], [usize; 2], [usize; 3]) {
        let (r, p) = (self.rows, self.players);
        ([r], [r, Action::ALL.len()], [r, p], [r, p, SLOTS])
    }

    /// Runs `f` on the arrays as the core's `Obs` (without the GIL when
    /// `detach`).
    pub fn write<T: Send>(
        &self,
        py: Python<'_>,
        detach: bool,
        f: impl FnOnce(Obs<'_>) -> T + Send,
    ) -> PyResult<T> {
        let (one, flags, seats, slots) = self.shapes();
        slice_mut!(py, self, actor, one, values_mut);
        slice_mut!(py, self, street, one, values_mut);
        slice_mut!(py, self, to_call, one, values_mut);
        slice_mut!(py, self, pot, one, values_mut);
        slice_mut!(py, self, legal, flags, bytes_mut);
        slice_mut!(py, self, stacks, seats, values_mut);
        slice_mut!(py, self, bets, seats, values_mut);
        slice_mut!(py, self, folded, seats, bytes_mut);
        slice_mut!(py, self, all_in, seats, bytes_mut);
        slice_mut!(py, self, cards, slots, values_mut);
        slice_mut!(py, self, community, one, values_mut);
        let obs = Obs {
            players: self.players,
            actor,
            street,
            to_call,
            pot,
            legal,
            stacks,
            bets,
            folded,
            all_in,
            cards,
            community,
        };
        Ok(if detach { py.detach(|| f(obs)) } else { f(obs) })
    }

    /// `features(out)`: the float32 encoding of every row.
    pub(super) fn features<'py>(
        &self,
        py: Python<'py>,
        big_bet: u64,
        out: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let rows = self.rows;
        let out = match out.filter(|o| !o.is_none()) {
            None => zeros::<f32, _>(py, [rows, WIDTH])?,
            Some(o) => {
                let array = o.cast_into::<PyArray2<f32>>().map_err(|e| {
                    type_error(
                        &format!("out must be a float32 numpy array of shape ({rows}, {WIDTH})"),
                        &e.into_inner(),
                    )
                })?;
                if array.shape() != [rows, WIDTH] || !array.is_c_contiguous() {
                    return Err(PyValueError::new_err(format!(
                        "out must be a C-contiguous float32 array of shape ({rows}, {WIDTH}), got shape {:?}",
                        array.shape()
                    )));
                }
                if !array.is_aligned() {
                    return Err(PyValueError::new_err(
                        "out must be an aligned float32 array (numpy's own allocation is)",
                    ));
                }
                array
            }
        };
        {
            let (one, flags, seats, slots) = self.shapes();
            slice!(py, self, actor, one, values);
            slice!(py, self, street, one, values);
            slice!(py, self, to_call, one, values);
            slice!(py, self, pot, one, values);
            slice!(py, self, legal, flags, bytes);
            slice!(py, self, stacks, seats, values);
            slice!(py, self, bets, seats, values);
            slice!(py, self, folded, seats, bytes);
            slice!(py, self, all_in, seats, bytes);
            slice!(py, self, cards, slots, values);
            slice!(py, self, community, one, values);
            let obs = ObsRef {
                players: self.players,
                actor,
                street,
                to_call,
                pot,
                legal,
                stacks,
                bets,
                folded,
                all_in,
                cards,
                community,
            };
            let mut guard = out
                .try_readwrite()
                .map_err(|e| unusable("out", "features()", e))?;
            let dest = guard.as_slice_mut()?;
            py.detach(|| obs.encode(big_bet, dest))?;
        }
        Ok(out)
    }
}
