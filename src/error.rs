//! The core's one error type. Every bad input becomes one of these values,
//! never a panic. The core knows nothing of the languages that call it: the
//! bindings map each category to an exception of their own (`src/py/errors.rs`).

use std::fmt;

/// What kind of mistake an error reports, for callers that handle some
/// kinds and not others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// Card input that names no card, a card twice, or the wrong count.
    InvalidCard,
    /// A number that is no card but lies outside its domain (a hand rank).
    InvalidValue,
    /// A bad argument: stakes, stacks, seats, seeds, thread counts.
    InvalidArgument,
    /// An action the hand does not allow now.
    IllegalAction,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A text token that is not a card, with the text it came from.
    BadToken { token: String, input: String },
    /// An integer that is not a card index 0..=51.
    CardOutOfRange(String),
    /// The same card twice, as text ("Th").
    DuplicateCard(String),
    /// A wrong number of cards for the operation.
    CardCount {
        what: &'static str,
        expected: &'static str,
        got: usize,
    },
    /// A hand rank outside 1..=6175.
    /// (The number as text: a caller's may be past any machine integer.)
    RankOutOfRange(String),
    /// An error in one row of a batch.
    InRow { row: usize, error: Box<Error> },
    /// A bad argument, with the message that names it.
    InvalidArgument(String),
    /// An action that is not legal now; the hand is unchanged.
    IllegalAction(String),
}

impl Error {
    /// The category of this error (of the error inside, for a batch row).
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::BadToken { .. }
            | Error::CardOutOfRange(_)
            | Error::DuplicateCard(_)
            | Error::CardCount { .. } => ErrorKind::InvalidCard,
            Error::RankOutOfRange(_) => ErrorKind::InvalidValue,
            Error::InRow { error, .. } => error.kind(),
            Error::InvalidArgument(_) => ErrorKind::InvalidArgument,
            Error::IllegalAction(_) => ErrorKind::IllegalAction,
        }
    }

    pub fn in_row(self, row: usize) -> Error {
        Error::InRow {
            row,
            error: Box::new(self),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::BadToken { token, input } if token == input => {
                write!(f, "invalid card {token:?}")
            }
            Error::BadToken { token, input } => write!(f, "invalid card {token:?} in {input:?}"),
            Error::CardOutOfRange(v) => write!(f, "card index {v} out of range 0..51"),
            Error::DuplicateCard(card) => write!(f, "duplicate card {card}"),
            Error::CardCount {
                what,
                expected,
                got,
            } => write!(f, "{what} needs {expected} cards, got {got}"),
            Error::RankOutOfRange(r) => write!(f, "rank {r} out of range 1..6175"),
            Error::InRow { row, error } => write!(f, "row {row}: {error}"),
            Error::InvalidArgument(m) | Error::IllegalAction(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
