//! razz_fast: the fastest correct razz library. A pure-Rust core; the
//! optional `python` feature adds the PyO3 bindings in `py/`.

pub mod card;
pub mod equity;
pub mod error;
pub mod eval;
pub mod event;
pub mod hand;
pub mod rng;
pub mod rules;
pub mod sim;
pub mod strategy;
pub mod threads;

#[cfg(feature = "python")]
mod py;

// Pots and showing belong to the hand; `crate::pots::MAX_SEATS` (the
// table's size) stays a path for the simulation and equity modules.
use hand::pots;

pub use card::Card;
pub use error::{Error, ErrorKind, Result};
pub use eval::{LowKey, Rank};
pub use event::{Action, ActionSet, Event, EventKind};
pub use hand::{DeckSource, Hand};
pub use rules::{OddChip, Rules};
