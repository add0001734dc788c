//! Thread counts of the long calls (`rank_many`, `simulate`, `equity`,
//! `Tables`): one bound, checked in one place, and one way to run on that
//! many threads ([`Pool`], [`run_in`]). A count never changes a result,
//! only how fast it comes.
//!
//! When the system refuses the threads a count asks for, the call fails
//! with an [`Error`] that says so: it neither panics nor quietly runs on
//! other threads than the caller asked for (a caller who limits a run to
//! two threads on a shared machine should not find it on every core).

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

/// Where a long call runs: the pool it is called from (rayon's global
/// pool, one thread per core, unless it runs inside another pool's
/// [`Pool::install`]) or a pool of its own with a given count of threads.
/// A run object that makes many calls builds its pool once and keeps it.
pub struct Pool(Option<rayon::ThreadPool>);

impl Pool {
    /// `None`: the current pool; `Some(n)`: a new pool of `n` threads (a
    /// count already checked by [`checked_threads`]), or the error that
    /// says why the system would not start them.
    pub fn new(threads: Option<usize>) -> Result<Pool> {
        let Some(count) = threads else {
            return Ok(Pool(None));
        };
        rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .build()
            .map(|pool| Pool(Some(pool)))
            .map_err(|e| Error::InvalidArgument(format!("cannot start {count} threads: {e}")))
    }

    /// `work()`, its parallel iterators spread over this pool's threads.
    #[inline]
    pub fn install<T: Send>(&self, work: impl FnOnce() -> T + Send) -> T {
        match &self.0 {
            Some(pool) => pool.install(work),
            None => work(),
        }
    }

    /// How many threads `install` spreads work over.
    #[inline]
    pub fn current_num_threads(&self) -> usize {
        self.0.as_ref().map_or_else(
            rayon::current_num_threads,
            rayon::ThreadPool::current_num_threads,
        )
    }
}

/// `work()` on `threads` threads (`None`: the current pool, see [`Pool`]),
/// or the error that says why the system would not start them.
pub fn run_in<T: Send>(threads: Option<usize>, work: impl FnOnce() -> T + Send) -> Result<T> {
    Ok(Pool::new(threads)?.install(work))
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

    #[test]
    fn runs_on_the_threads_asked_for() {
        assert_eq!(run_in(Some(3), rayon::current_num_threads), Ok(3));
        assert_eq!(
            run_in(None, rayon::current_num_threads),
            Ok(rayon::current_num_threads())
        );
        // `None` inside a pool stays in that pool.
        let pool = Pool::new(Some(2)).unwrap();
        assert_eq!(pool.current_num_threads(), 2);
        assert_eq!(
            pool.install(|| run_in(None, rayon::current_num_threads)),
            Ok(2)
        );
        assert_eq!(
            Pool::new(None).unwrap().current_num_threads(),
            rayon::current_num_threads()
        );
    }
}
