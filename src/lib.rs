//! razz_fast: the fastest correct razz library. A pure-Rust core; the
//! optional `python` feature adds the PyO3 bindings in `py/`.

// Private modules: the crate's surface is what is re-exported below, so a
// helper made `pub` for a sibling module is not public API by accident.
mod abstraction;
mod card;
mod cfr;
mod columns;
mod equity;
mod error;
mod eval;
mod event;
mod hand;
mod lbr;
mod luck;
mod match_play;
mod policy;
mod probabilities;
mod rank_multisets;
mod rng;
mod rules;
mod sim;
mod strategy;
mod tables;
mod threads;
mod view;
mod wide;

#[cfg(feature = "python")]
mod py;

// Pots and showing belong to the hand; `crate::pots::MAX_SEATS` (the
// table's size) stays a path for the simulation and equity modules.
use hand::pots;

// Cards: index = 4 × rank + suit, parsed from and formatted to text.
pub use card::{
    card_from_index, check_distinct, format_card, format_cards, parse_card, parse_cards, rank_of,
    suit_of, Card, DECK_SIZE, RANK_CHARS, SUIT_CHARS,
};
// Errors: one enum, one neutral category per error.
pub use error::{Error, ErrorKind, Result};
// The ace-to-five evaluator, one hand or a batch.
pub use eval::{
    best_five, best_low, describe_cards, describe_low, describe_rank, for_each_rank_multiset,
    low_of_rank, rank, rank_many, rank_many_from, rank_of_low, rank_unchecked, Category, Low,
    LowKey, Rank, BEST_RANK, NUM_RANKS, WORST_RANK,
};
// The game: rules, one hand stepped action by action, its events.
pub use event::{Action, ActionSet, Event, EventKind};
pub use hand::pots::Pot;
pub use hand::showing::{showing_value, Showing, ShowingValue};
pub use hand::{check_stacks, checked_seat, DeckSource, Hand, MAX_SEATS};
pub use rules::{OddChip, Rules, MAX_CHIPS};
// Long runs: simulation, equity, their seeding and thread counts.
pub use equity::{
    exact, exact_slice, sample, sample_slice, tally_units, Spot, Tally, EXACT_LIMIT, SAMPLE_CHUNK,
    SHARE_UNITS,
};
// Finished hands as flat columns (the columnar writer's arrays).
pub use columns::{HandColumns, Offset};
pub use match_play::{match_chunks, match_columns, Match, MatchTotals};
pub use rng::{chunk_seed, Rng};
pub use sim::{
    builtin_only, plain_chunk, record_hands, simulate_chunks, simulate_columns, AroundChunk, Batch,
    Deciders, External, Table, Totals, CHUNK,
};
pub use strategy::Strategy;
// Policies over the card abstraction, played as strategies.
pub use abstraction::{INFOSETS, SLOTS};
pub use cfr::Trainer;
pub use policy::{Policy, PolicyRef, Weights, WEIGHT_TOTAL};
// Local best response: how far a strategy's probabilities can be exploited.
pub use lbr::{lbr_chunks, LbrTable, LbrTotals, Opponent};
pub use probabilities::{Probabilities, Probs};
// Many tables stepped together, one learning seat's table, and what one
// seat may see of a hand.
pub use tables::{features, learner, obs};
pub use tables::{play_builtins, Obs, ObsRef, Player, Tables};
pub use threads::{checked_threads, MAX_THREADS};
pub use view::{action_of, PlayerView};
