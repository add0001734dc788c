//! `Tables` and the `Batch` a batch policy receives, for Python: the
//! classes and what they register. The observation arrays are numpy arrays
//! allocated once and written in place by the core (`arrays`); `Tables`
//! steps its hands with the GIL released (`stepping`); `Batch` is what a
//! batch policy is given (`batch`); per-table arguments come as numpy
//! vectors (`actions`); `seats` reads who plays each seat.

use pyo3::prelude::*;

mod actions;
mod arrays;
mod batch;
mod seats;
mod stepping;

pub use actions::actions_arg;
pub use arrays::zeros;
pub use batch::PyBatch;
pub use seats::players_arg;
use stepping::{PyTables, MAX_TABLES};

use crate::tables::features::WIDTH;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTables>()?;
    m.add_class::<PyBatch>()?;
    // The environments check their table counts against it up front.
    m.add("MAX_TABLES", MAX_TABLES)?;
    m.add("FEATURES", WIDTH)?;
    m.add("FEATURES_VERSION", crate::tables::features::VERSION)?;
    Ok(())
}
