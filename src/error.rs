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
    /// A size the caller asked for that this machine's memory cannot hold.
    OutOfMemory,
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
    /// Memory the caller's size needs that could not be had, with a
    /// message naming the size (a `MemoryError` in Python).
    OutOfMemory(String),
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
            Error::OutOfMemory(_) => ErrorKind::OutOfMemory,
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
            Error::InvalidArgument(m) | Error::IllegalAction(m) | Error::OutOfMemory(m) => {
                f.write_str(m)
            }
        }
    }
}

impl std::error::Error for Error {}

/// `n` copies of `value` in a vector allocated fallibly: a size the
/// caller chose (`what`, named in the error) that memory cannot hold is
/// `Error::OutOfMemory`, where `vec![value; n]` would abort the process.
pub fn filled<T: Clone>(value: T, n: usize, what: &str) -> Result<Vec<T>> {
    let mut v = Vec::new();
    reserved(&mut v, n, what)?;
    v.resize(n, value);
    Ok(v)
}

/// Room for `n` more items in `v`, reserved fallibly (see `filled`).
pub fn reserved<T>(v: &mut Vec<T>, n: usize, what: &str) -> Result<()> {
    v.try_reserve_exact(n)
        .map_err(|_| out_of_memory(what, n.saturating_mul(size_of::<T>())))
}

/// The error of `what` needing `bytes` more than memory holds.
pub fn out_of_memory(what: &str, bytes: usize) -> Error {
    Error::OutOfMemory(format!(
        "not enough memory for {what} (about {} MB more)",
        bytes.div_ceil(1 << 20)
    ))
}

pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_memory_cannot_hold_is_an_error_naming_it() {
        // Past what any allocator gives: an error, where `vec!` would abort.
        let error = filled(0u64, usize::MAX / 4, "many tables").unwrap_err();
        assert_eq!(error.kind(), ErrorKind::OutOfMemory);
        assert!(error
            .to_string()
            .starts_with("not enough memory for many tables"));
        assert_eq!(filled(7u8, 3, "three").unwrap(), [7, 7, 7]);
    }
}
