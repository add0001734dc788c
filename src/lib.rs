//! razz_fast: the fastest correct razz library. A pure-Rust core; the
//! optional `python` feature adds the PyO3 bindings in `py/`.

pub mod batch;
pub mod card;
pub mod equity;
pub mod error;
pub mod eval;
pub mod event;
pub mod hand;
pub mod match_play;
pub mod pots;
pub mod rng;
pub mod rules;
pub mod showing;
pub mod sim;
pub mod strategy;
pub mod tables;
pub mod view;

#[cfg(feature = "python")]
mod py;

pub use card::Card;
pub use error::{Error, ErrorKind, Result};
pub use eval::{LowKey, Rank};
pub use event::{Action, ActionSet, Event, EventKind};
pub use hand::{DeckSource, Hand};
pub use rules::{OddChip, Rules};
pub use tables::Tables;
pub use view::PlayerView;
