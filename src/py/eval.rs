//! Evaluation bindings: rank, rank_many (numpy, GIL released), best_five, describe.

use std::fmt::Display;

use numpy::ndarray::ArrayView2;
use numpy::{
    Element, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyMemoryError, PyTypeError};
use pyo3::prelude::*;
use pyo3::type_object::PyTypeInfo;
use pyo3::types::{PyInt, PyMemoryView};

use super::args::{index_of, int_text, text_or_mapping, threads_arg};
use super::cards::{card_list, extract_cards};
use super::errors::{type_error, type_error_from, InvalidCardError};
use crate::card::Card;
use crate::error::Error;
use crate::eval;

const HANDS_EXPECTED: &str = "hands must be a 2-D integer array of card indices";

/// rank(cards) -> int
///
/// Dense ace-to-five rank of 5 to 7 cards: 1 = 5-4-3-2-A (best) … 6175 =
/// K-K-K-K-Q (worst).
#[pyfunction]
fn rank(cards: &Bound<'_, PyAny>) -> PyResult<u16> {
    Ok(eval::rank(&extract_cards(cards)?)?)
}

/// best_five(cards) -> list[int]
///
/// The five cards that make the rank, highest card index first.
#[pyfunction]
fn best_five(cards: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    Ok(card_list(&eval::best_five(&extract_cards(cards)?)?))
}

/// A rank argument the caller gave as an int: as i64, or the core's
/// out-of-range error quoting the number itself when it is past i64.
fn rank_value(number: &Bound<'_, PyInt>) -> PyResult<i64> {
    number
        .extract::<i64>()
        .map_err(|_| Error::RankOutOfRange(int_text(number.as_any())).into())
}

/// describe(rank_or_cards) -> str
///
/// "7-5-4-2-A (seven-five low)" for a rank 1..6175 or for 5 to 7 cards.
#[pyfunction]
fn describe(rank_or_cards: &Bound<'_, PyAny>) -> PyResult<String> {
    // An int by Python's own rule (`operator.index`, as everywhere else) is
    // a rank; anything else is cards.
    if let Some(number) = index_of(rank_or_cards)? {
        return Ok(eval::describe_rank(rank_value(&number)?)?);
    }
    Ok(eval::describe_cards(&extract_cards(rank_or_cards)?)?)
}

/// category(rank) -> tuple[str, int]
///
/// The class of a rank 1..6175: its category ("no pair", "one pair", "two
/// pair", "trips", "full house" or "quads", best first) and the rank of its
/// leading card (0 = ace … 12 = king): the highest card of a no-pair low,
/// the largest group's otherwise.
#[pyfunction]
fn category(rank: &Bound<'_, PyAny>) -> PyResult<(&'static str, u8)> {
    let Some(number) = index_of(rank)? else {
        return Err(type_error("rank must be an int", rank));
    };
    let low = eval::low_of_rank(rank_value(&number)?)?;
    Ok((low.category.name(), low.ranks[0]))
}

/// An integer element type `rank_many` reads in place, in either byte
/// order: `SWAP` reads values stored in the other one.
trait CardInt: Element + Copy + Display + TryInto<u8> + Sync {
    fn swapped(self) -> Self;

    #[inline(always)]
    fn value<const SWAP: bool>(self) -> Self {
        if SWAP {
            self.swapped()
        } else {
            self
        }
    }
}

macro_rules! card_int {
    ($($t:ty),*) => {$(
        impl CardInt for $t {
            #[inline(always)]
            fn swapped(self) -> Self {
                self.swap_bytes()
            }
        }
    )*};
}
card_int!(u8, i8, u16, i16, u32, i32, u64, i64);

/// A value as a card byte; one that is no card becomes 255, which the
/// batch rejects.
#[inline(always)]
fn card_byte<T: CardInt, const SWAP: bool>(x: T) -> Card {
    x.value::<SWAP>()
        .try_into()
        .ok()
        .filter(|&c| c < 52)
        .unwrap_or(255)
}

/// The first value of `row` that is no card, as text (for the error that
/// names it: the batch only saw 255).
fn first_non_card<T: CardInt, const SWAP: bool>(
    view: ArrayView2<'_, T>,
    row: usize,
) -> Option<String> {
    view.row(row)
        .iter()
        .find(|&&x| card_byte::<T, SWAP>(x) == 255)
        .map(|x| x.value::<SWAP>().to_string())
}

/// Ranks `array` if its elements are of any integer type (native byte order
/// unless `SWAP`); None if they are not.
fn rank_any_int<const SWAP: bool>(
    py: Python<'_>,
    array: &Bound<'_, PyUntypedArray>,
    k: usize,
    out: &mut [u16],
    threads: Option<usize>,
) -> Option<PyResult<()>> {
    rank_typed::<u8, SWAP>(py, array, k, out, threads)
        .or_else(|| rank_typed::<i8, SWAP>(py, array, k, out, threads))
        .or_else(|| rank_typed::<u16, SWAP>(py, array, k, out, threads))
        .or_else(|| rank_typed::<i16, SWAP>(py, array, k, out, threads))
        .or_else(|| rank_typed::<u32, SWAP>(py, array, k, out, threads))
        .or_else(|| rank_typed::<i32, SWAP>(py, array, k, out, threads))
        .or_else(|| rank_typed::<u64, SWAP>(py, array, k, out, threads))
        .or_else(|| rank_typed::<i64, SWAP>(py, array, k, out, threads))
}

fn rank_typed<T: CardInt, const SWAP: bool>(
    py: Python<'_>,
    array: &Bound<'_, PyUntypedArray>,
    k: usize,
    out: &mut [u16],
    threads: Option<usize>,
) -> Option<PyResult<()>> {
    let array = array.cast::<PyArray2<T>>().ok()?;
    Some((|| {
        let readonly = array
            .try_readonly()
            .map_err(|e| PyTypeError::new_err(format!("hands cannot be read: {e}")))?;
        let view = readonly.as_array();
        // Converted a chunk of rows at a time (the API: rank_many must not
        // copy its input), without the GIL.
        let result = py.detach(|| {
            let flat = view.as_slice();
            eval::rank_many_from(k, out, threads, |rows, buf| match flat {
                // C order: one run of values, which the compiler vectorises.
                Some(flat) => {
                    let values = &flat[rows.start * k..rows.end * k];
                    buf.extend(values.iter().map(|&x| card_byte::<T, SWAP>(x)));
                }
                None => {
                    for row in rows {
                        buf.extend(view.row(row).iter().map(|&x| card_byte::<T, SWAP>(x)));
                    }
                }
            })
        });
        match result {
            // The batch saw 255 where the row holds a non-card: quote its real value.
            Err(Error::InRow { row, error }) if matches!(*error, Error::CardOutOfRange(_)) => {
                let value = first_non_card::<T, SWAP>(view, row).unwrap_or_else(|| "255".into());
                Err(Error::CardOutOfRange(value).in_row(row).into())
            }
            result => Ok(result?),
        }
    })())
}

/// The output of `n` ranks, zeroed; a MemoryError (as numpy raises for an
/// array it cannot allocate) when the memory cannot be had. `n` is the
/// caller's: a zero-stride view (`np.broadcast_to`) of 7 bytes can have
/// 2**40 rows, and an infallible allocation would abort the interpreter.
fn zeroed_ranks(n: usize) -> PyResult<Vec<u16>> {
    let mut out = Vec::new();
    out.try_reserve_exact(n).map_err(|_| {
        PyMemoryError::new_err(format!(
            "rank_many: cannot allocate the output of {n} ranks ({} bytes)",
            n.saturating_mul(std::mem::size_of::<u16>())
        ))
    })?;
    out.resize(n, 0);
    Ok(out)
}

/// rank_many(hands, *, threads=None) -> numpy.ndarray
///
/// Ranks of an (N, k) integer array of card indices, k in 5..7, as an (N,)
/// uint16 array. A C-contiguous uint8 array is read in place, any other
/// integer array a chunk of rows at a time (never copied whole); the work
/// runs without the GIL, on `threads` threads (default: one per core) for
/// large N. A `numpy.matrix` is read as the 2-D array it holds (in the
/// reference too), a masked array only when nothing is masked. A list (or
/// any iterable) of rows is read row by row, as the reference reads it.
/// An output that cannot be allocated is a MemoryError.
#[pyfunction]
#[pyo3(signature = (hands, *, threads=None))]
fn rank_many<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    // Checked as `equity` and `simulate` check it: a bool or another type
    // is a TypeError, an int out of range a ValueError.
    let threads = threads_arg(threads)?;
    // A memoryview of an array is the array's buffer: read it as that
    // array (no copy). Iterated as rows, a 2-D one raises
    // NotImplementedError ("multi-dimensional sub-views").
    let viewed;
    let hands = if hands.is_instance_of::<PyMemoryView>() {
        viewed = py.import("numpy")?.call_method1("asarray", (hands,))?;
        &viewed
    } else {
        hands
    };
    let array = match hands.cast::<PyUntypedArray>() {
        Ok(array) => array.clone(),
        Err(_) => return rank_rows_of(py, hands, threads),
    };
    // A masked array keeps its hidden values in its data: ranking them
    // would be a silently wrong answer. Refused when anything is masked, as
    // the reference refuses the masked value it meets; read as it is when
    // nothing is. (Only subclasses are looked at: plain arrays pay nothing.)
    if !hands.is_exact_instance(&PyUntypedArray::type_object(py)) {
        let ma = py.import("numpy.ma")?;
        if ma.call_method1("is_masked", (hands,))?.is_truthy()? {
            return Err(PyTypeError::new_err(format!(
                "{HANDS_EXPECTED}, got a masked array with masked values (fill or drop them first)"
            )));
        }
    }
    let dtype = array.dtype();
    if !matches!(dtype.kind(), b'i' | b'u') {
        return Err(PyTypeError::new_err(format!(
            "{HANDS_EXPECTED}, got dtype {dtype}"
        )));
    }
    if array.ndim() != 2 {
        return Err(PyTypeError::new_err(format!(
            "{HANDS_EXPECTED} of shape (N, k), got {} dimension(s)",
            array.ndim()
        )));
    }
    let (n, k) = (array.shape()[0], array.shape()[1]);
    if !(5..=7).contains(&k) {
        return Err(Error::CardCount {
            what: "rank_many",
            expected: "5 to 7",
            got: k,
        }
        .into());
    }
    let mut out = zeroed_ranks(n)?;
    if let Ok(bytes) = array.cast::<PyArray2<u8>>() {
        if bytes.is_c_contiguous() {
            let readonly = bytes
                .try_readonly()
                .map_err(|e| PyTypeError::new_err(format!("hands cannot be read: {e}")))?;
            let cards = readonly.as_slice()?;
            py.detach(|| eval::rank_many(cards, k, &mut out, threads))?;
            return Ok(PyArray1::from_vec(py, out));
        }
    }
    match rank_any_int::<false>(py, &array, k, &mut out, threads) {
        Some(result) => result?,
        None => {
            // The other byte order: a view of the same memory in the native
            // one (values byte-swapped), swapped back as each chunk is read.
            let native = array
                .call_method1("view", (dtype.call_method0("newbyteorder")?,))?
                .cast_into::<PyUntypedArray>()?;
            rank_any_int::<true>(py, &native, k, &mut out, threads).ok_or_else(|| {
                PyTypeError::new_err(format!("{HANDS_EXPECTED}, got dtype {dtype}"))
            })??;
        }
    }
    Ok(PyArray1::from_vec(py, out))
}

/// Rows of an iterable read between checks for Ctrl-C.
const SIGNAL_ROWS: usize = 1 << 12;

/// The ranks of rows given as a list (or any iterable) of sequences of
/// ints, converted by the reference's rules rather than numpy's, which
/// would read `[True, 4, …]` as ints and a ragged list as no array at all:
/// the first row that breaks a rule (element types, 5 to 7 cards, as many
/// as the first row), a value past the deck or a duplicate card is the
/// error, whichever row comes first.
fn rank_rows_of<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    if text_or_mapping(hands) {
        return Err(type_error(HANDS_EXPECTED, hands));
    }
    let rows = hands
        .try_iter()
        .map_err(|e| type_error_from(e, HANDS_EXPECTED, hands))?;
    let (mut cards, mut width, mut first_bad, mut broken) = (Vec::new(), None, None, None);
    let mut n = 0;
    for (index, row) in rows.enumerate() {
        // An endless iterable (`itertools.repeat(row)`) runs in C without
        // a check for Ctrl-C, and its cards grow until memory runs out: it
        // stops at Ctrl-C, or with a MemoryError, never an abort.
        if index % SIGNAL_ROWS == 0 {
            py.check_signals()?;
        }
        if cards.try_reserve(7).is_err() {
            return Err(PyMemoryError::new_err(format!(
                "rank_many: cannot hold the cards of {index} rows"
            )));
        }
        match row_cards(&row?, index, width, &mut cards, &mut first_bad) {
            Ok(k) => {
                width = Some(k);
                n += 1;
            }
            Err(e) => {
                broken = Some(e);
                break;
            }
        }
    }
    let mut out = zeroed_ranks(n)?;
    if let Some(k) = width {
        let ranked = py.detach(|| eval::rank_many(&cards, k, &mut out, threads));
        match (ranked, first_bad) {
            // The batch stopped at the row holding the non-card: quote its real value.
            (Err(Error::InRow { row, .. }), Some((bad_row, value))) if row == bad_row => {
                return Err(Error::CardOutOfRange(value).in_row(row).into());
            }
            (ranked, _) => ranked?,
        }
    }
    match broken {
        Some(e) => Err(e),
        None => Ok(PyArray1::from_vec(py, out)),
    }
}

/// Appends row `index`'s cards to `cards` and returns how many there were:
/// ints (not bools) of 5 to 7 cards, or `width` if the rows before set one.
/// A value that is no card is appended as 255 (which the batch rejects) and
/// the first such is noted in `first_bad`, quoted.
fn row_cards(
    row: &Bound<'_, PyAny>,
    index: usize,
    width: Option<usize>,
    cards: &mut Vec<Card>,
    first_bad: &mut Option<(usize, String)>,
) -> PyResult<usize> {
    let expected = format!("row {index}: expected a sequence of ints");
    if text_or_mapping(row) {
        return Err(type_error(&expected, row));
    }
    let elements = row
        .try_iter()
        .map_err(|e| type_error_from(e, &expected, row))?;
    let start = cards.len();
    let checked = append_ints(elements, index, cards, first_bad).and_then(|got| match width {
        None if !(5..=7).contains(&got) => Err(InvalidCardError::new_err(format!(
            "row {index}: rank_many needs 5 to 7 cards per hand, got {got}"
        ))),
        Some(w) if got != w => Err(InvalidCardError::new_err(format!(
            "row {index}: expected {w} cards like the rows before, got {got}"
        ))),
        _ => Ok(got),
    });
    if checked.is_err() {
        // The rows before stand alone: this row's cards go.
        cards.truncate(start);
        if first_bad.as_ref().is_some_and(|(row, _)| *row == index) {
            *first_bad = None;
        }
    }
    checked
}

/// Appends the ints of one row (see [`row_cards`]); how many.
fn append_ints(
    elements: Bound<'_, pyo3::types::PyIterator>,
    index: usize,
    cards: &mut Vec<Card>,
    first_bad: &mut Option<(usize, String)>,
) -> PyResult<usize> {
    let start = cards.len();
    for element in elements {
        let element = element?;
        let Some(value) = index_of(&element)? else {
            return Err(type_error(
                &format!("row {index}: card indices must be ints"),
                &element,
            ));
        };
        let card = value
            .extract::<i64>()
            .ok()
            .and_then(|v| u8::try_from(v).ok());
        let card = card.filter(|&c| c < 52);
        if card.is_none() && first_bad.is_none() {
            *first_bad = Some((index, int_text(value.as_any())));
        }
        cards.push(card.unwrap_or(255));
    }
    Ok(cards.len() - start)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rank, m)?)?;
    m.add_function(wrap_pyfunction!(rank_many, m)?)?;
    m.add_function(wrap_pyfunction!(best_five, m)?)?;
    m.add_function(wrap_pyfunction!(describe, m)?)?;
    m.add_function(wrap_pyfunction!(category, m)?)?;
    Ok(())
}
