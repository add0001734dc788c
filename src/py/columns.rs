//! A chunk's hands as columns (`crate::columns`), handed to Python as a
//! dict of 1-D numpy arrays that take over the core's vectors without a
//! copy; `razz_fast.columnar` wraps them as Arrow arrays.

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::columns::HandColumns;

/// One chunk's columns, by name (docs/DATA.md). `deal` and `seating` are
/// left out of a `simulate` run's chunks, which have none.
fn chunk_dict(py: Python<'_>, c: HandColumns) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("hand", PyArray1::from_vec(py, c.hand))?;
    if !c.deal.is_empty() {
        d.set_item("deal", PyArray1::from_vec(py, c.deal))?;
        d.set_item("seating", PyArray1::from_vec(py, c.seating))?;
    }
    d.set_item("seed", PyArray1::from_vec(py, c.seed))?;
    d.set_item("payoffs", PyArray1::from_vec(py, c.payoffs))?;
    d.set_item("down_offsets", PyArray1::from_vec(py, c.down_offsets))?;
    d.set_item("down_cards", PyArray1::from_vec(py, c.down_cards))?;
    d.set_item("up_offsets", PyArray1::from_vec(py, c.up_offsets))?;
    d.set_item("up_cards", PyArray1::from_vec(py, c.up_cards))?;
    d.set_item(
        "community_offsets",
        PyArray1::from_vec(py, c.community_offsets),
    )?;
    d.set_item("community", PyArray1::from_vec(py, c.community))?;
    d.set_item("action_offsets", PyArray1::from_vec(py, c.action_offsets))?;
    d.set_item("action_seat", PyArray1::from_vec(py, c.action_seat))?;
    d.set_item("action", PyArray1::from_vec(py, c.action))?;
    d.set_item("action_amount", PyArray1::from_vec(py, c.action_amount))?;
    d.set_item("action_street", PyArray1::from_vec(py, c.action_street))?;
    d.set_item("shown_offsets", PyArray1::from_vec(py, c.shown_offsets))?;
    d.set_item("shown_seat", PyArray1::from_vec(py, c.shown_seat))?;
    d.set_item("shown_rank", PyArray1::from_vec(py, c.shown_rank))?;
    d.set_item("winner_offsets", PyArray1::from_vec(py, c.winner_offsets))?;
    d.set_item("winners", PyArray1::from_vec(py, c.winners))?;
    Ok(d)
}

/// The chunks' columns as a list of dicts, in chunk order.
pub fn chunk_list(py: Python<'_>, chunks: Vec<HandColumns>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for chunk in chunks {
        list.append(chunk_dict(py, chunk)?)?;
    }
    Ok(list)
}
