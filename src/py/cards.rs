//! Card arguments: a string, or a sequence of card strings and/or ints 0..51.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyMemoryView, PyString};

use super::args::{index_of, int_text};
use super::errors::{type_error, type_error_from};
use crate::card::{self, Card};
use crate::error::Error;

const CARDS_EXPECTED: &str = "cards must be a string or a sequence of card strings or ints 0..51";
const CARD_EXPECTED: &str = "a card must be a string like 'As' or an int 0..51";

/// The text of a str; one that is not valid Unicode (a lone surrogate) is a
/// bad card, not an encoding error.
fn text_of<'a>(text: &'a Bound<'_, PyString>) -> PyResult<std::borrow::Cow<'a, str>> {
    text.to_cow().map_err(|_| {
        let shown = text.repr().map(|r| r.to_string()).unwrap_or_default();
        Error::BadToken {
            token: shown.clone(),
            input: shown,
        }
        .into()
    })
}

fn extract_card(item: &Bound<'_, PyAny>) -> PyResult<Card> {
    if let Ok(text) = item.cast::<PyString>() {
        let text = text_of(text)?;
        // One card per element: separators belong to whole-text input only.
        if text.contains(',') {
            return Err(Error::BadToken {
                token: text.to_string(),
                input: text.to_string(),
            }
            .into());
        }
        return Ok(card::parse_card(&text)?);
    }
    if item.is_instance_of::<PyBool>() || item.is_instance_of::<PyFloat>() {
        return Err(type_error(CARD_EXPECTED, item));
    }
    // An error from the object's own `__index__` (an OverflowError too)
    // is the caller's to see, as in the reference.
    let Some(index) = index_of(item)? else {
        return Err(type_error(CARD_EXPECTED, item));
    };
    match index.extract::<i64>() {
        Ok(index) => Ok(card::card_from_index(index)?),
        // An int too large for i64 is still an int: out of range, not a type error.
        Err(_) => Err(Error::CardOutOfRange(int_text(index.as_any())).into()),
    }
}

/// Converts any accepted card argument, rejecting duplicates.
pub fn extract_cards(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    if let Ok(text) = obj.cast::<PyString>() {
        return Ok(card::parse_cards(&text_of(text)?)?);
    }
    let unordered_or_scalar = obj.is_instance_of::<PyInt>()
        || obj.is_instance_of::<PyFloat>()
        || obj.is_instance_of::<PyBytes>()
        || obj.is_instance_of::<PyByteArray>()
        || obj.is_instance_of::<PyMemoryView>()
        || obj.is_instance_of::<PyDict>();
    if unordered_or_scalar {
        return Err(type_error(CARDS_EXPECTED, obj));
    }
    let items = obj
        .try_iter()
        .map_err(|e| type_error_from(e, CARDS_EXPECTED, obj))?;
    let mut cards = Vec::new();
    for item in items {
        cards.push(extract_card(&item?)?);
    }
    card::check_distinct(&cards)?;
    Ok(cards)
}

/// Cards as Python ints (a `Vec<u8>` would become `bytes`).
pub fn card_list(cards: &[Card]) -> Vec<u32> {
    cards.iter().map(|&c| c as u32).collect()
}

/// parse_cards(cards) -> list[int]
///
/// Card indices (4 × rank + suit) of a string such as "As 2d 3c" or
/// "As2d3c", or of a sequence of card strings or ints 0..51.
#[pyfunction]
fn parse_cards(cards: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    Ok(card_list(&extract_cards(cards)?))
}

/// format_cards(cards) -> str
///
/// The cards as text, e.g. "As 2d 3c".
#[pyfunction]
fn format_cards(cards: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(card::format_cards(&extract_cards(cards)?))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_cards, m)?)?;
    m.add_function(wrap_pyfunction!(format_cards, m)?)?;
    Ok(())
}
