//! Thread counts of the long calls (`rank_many`, `simulate`, `equity`):
//! one bound, checked in one place. A count never changes a result, only
//! how fast it comes.

use std::fmt::Display;

use crate::error::{Error, Result};

/// More threads than this only costs: each is a real OS thread (and a
/// pool of a million would take minutes to start).
pub const MAX_THREADS: usize = 1024;

/// `threads` checked: `None` (rayon's global pool, one thread per core) or
/// a count in `1..=MAX_THREADS`. Any integer type, so that a caller's
/// negative or huge value is reported as it was given.
pub fn checked_threads<T>(threads: Option<T>) -> Result<Option<usize>>
where
    T: TryInto<usize> + Display + Copy,
{
    let Some(t) = threads else {
        return Ok(None);
    };
    match t.try_into() {
        Ok(count) if (1..=MAX_THREADS).contains(&count) => Ok(Some(count)),
        _ => Err(Error::InvalidArgument(format!(
            "threads must be 1..{MAX_THREADS}, got {t}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_the_count() {
        assert_eq!(checked_threads::<usize>(None), Ok(None));
        assert_eq!(checked_threads(Some(1)), Ok(Some(1)));
        assert_eq!(checked_threads(Some(MAX_THREADS)), Ok(Some(MAX_THREADS)));
        for bad in [0, MAX_THREADS + 1] {
            assert_eq!(
                checked_threads(Some(bad)).unwrap_err().to_string(),
                format!("threads must be 1..1024, got {bad}")
            );
        }
        assert_eq!(
            checked_threads(Some(-1i128)).unwrap_err().to_string(),
            "threads must be 1..1024, got -1"
        );
    }
}
