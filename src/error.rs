//! The core's one error type. Every bad input becomes one of these values,
//! never a panic; the bindings map each kind to one Python exception class.

use std::fmt;

use crate::card::{format_card, Card};

/// Which Python exception class an error belongs to (see `src/py/errors.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// Bad card input: `InvalidCardError`.
    InvalidCard,
    /// A value that is not a card but is out of its domain: `RazzError`.
    InvalidValue,
    /// A bad argument (stakes, stacks, seats, seeds): `ValueError`.
    InvalidArgument,
    /// An action the hand does not allow now: `IllegalActionError`.
    IllegalAction,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A text token that is not a card, with the text it came from.
    BadToken { token: String, input: String },
    /// An integer that is not a card index 0..=51.
    CardOutOfRange(String),
    /// The same card twice.
    DuplicateCard(Card),
    /// A wrong number of cards for the operation.
    CardCount {
        what: &'static str,
        expected: &'static str,
        got: usize,
    },
    /// A hand rank outside 1..=6175.
    RankOutOfRange(i64),
    /// An error in one row of a batch.
    InRow { row: usize, error: Box<Error> },
    /// A bad argument, with the message that names it.
    InvalidArgument(String),
    /// An action that is not legal now; the hand is unchanged.
    IllegalAction(String),
}

impl Error {
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::RankOutOfRange(_) => ErrorKind::InvalidValue,
            Error::InRow { error, .. } => error.kind(),
            Error::InvalidArgument(_) => ErrorKind::InvalidArgument,
            Error::IllegalAction(_) => ErrorKind::IllegalAction,
            _ => ErrorKind::InvalidCard,
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
            Error::DuplicateCard(c) => write!(f, "duplicate card {}", format_card(*c)),
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
