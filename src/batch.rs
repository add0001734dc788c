//! Validated batch evaluation over a flat array of card rows (the engine
//! behind `rank_many`): checks every card and duplicate with two table
//! loads per card, and fans out over rayon's pool for large batches.

use rayon::prelude::*;

use crate::card::{check_distinct, Card};
use crate::error::{Error, Result};
use crate::eval::{rank_unchecked, Rank};

/// Rows per parallel task; below `PARALLEL_MIN_ROWS` the batch stays on the
/// calling thread because handing work to the pool costs more than it saves.
const CHUNK_ROWS: usize = 1 << 14;
const PARALLEL_MIN_ROWS: usize = 1 << 16;

/// One bit per card; every byte that is not a card sets bit 63, so a bad
/// value can never pass the disjointness check below.
static CARD_BIT: [u64; 256] = {
    let mut table = [1u64 << 63; 256];
    let mut c = 0;
    while c < 52 {
        table[c] = 1 << c;
        c += 1;
    }
    table
};

/// `Some(rank)` for a row of distinct valid cards.
#[inline(always)]
fn rank_row<const K: usize>(row: &[Card; K]) -> Option<Rank> {
    let (mut any, mut sum) = (0u64, 0u64);
    for &c in row {
        let b = CARD_BIT[c as usize];
        any |= b;
        sum = sum.wrapping_add(b);
    }
    // The bits are disjoint (no duplicate) exactly when adding equals or-ing.
    if any != sum || any >> 52 != 0 {
        return None;
    }
    Some(rank_unchecked(row))
}

fn row_error(row: &[Card]) -> Error {
    match row.iter().find(|&&c| c >= 52) {
        Some(&c) => Error::CardOutOfRange(c.to_string()),
        None => check_distinct(row).expect_err("a rejected row is bad"),
    }
}

/// Ranks `out.len()` rows of `K` cards; the first bad row (lowest index)
/// is the error.
fn rank_rows<const K: usize>(cards: &[Card], out: &mut [Rank], first_row: usize) -> Result<()> {
    let (rows, _) = cards.as_chunks::<K>();
    for (i, (row, slot)) in rows.iter().zip(out.iter_mut()).enumerate() {
        match rank_row(row) {
            Some(r) => *slot = r,
            None => return Err(row_error(row).in_row(first_row + i)),
        }
    }
    Ok(())
}

fn rank_rows_k(k: usize, cards: &[Card], out: &mut [Rank], first_row: usize) -> Result<()> {
    match k {
        5 => rank_rows::<5>(cards, out, first_row),
        6 => rank_rows::<6>(cards, out, first_row),
        7 => rank_rows::<7>(cards, out, first_row),
        _ => Err(Error::CardCount {
            what: "rank_many",
            expected: "5 to 7",
            got: k,
        }),
    }
}

/// Ranks a flat row-major array of `k`-card rows into `out` (one rank per
/// row). Large batches run on `threads` threads (`None`: rayon's global pool,
/// one per core); the result and any error are the same whatever the count.
pub fn rank_many(cards: &[Card], k: usize, out: &mut [Rank], threads: Option<usize>) -> Result<()> {
    if !(5..=7).contains(&k) {
        return rank_rows_k(k, cards, out, 0);
    }
    assert_eq!(cards.len(), out.len() * k, "rank_many: shape mismatch");
    if out.len() < PARALLEL_MIN_ROWS || threads == Some(1) {
        return rank_rows_k(k, cards, out, 0);
    }
    let pool = match threads {
        Some(t) => match rayon::ThreadPoolBuilder::new().num_threads(t).build() {
            Ok(pool) => Some(pool),
            // A pool that cannot be built (no threads to be had) still gets the answer.
            Err(_) => return rank_rows_k(k, cards, out, 0),
        },
        None => None,
    };
    let mut parallel = move || {
        out.par_chunks_mut(CHUNK_ROWS)
            .zip(cards.par_chunks(CHUNK_ROWS * k))
            .enumerate()
            .map(|(i, (o, c))| rank_rows_k(k, c, o, i * CHUNK_ROWS))
            .find_map_first(|r| r.err())
            .map_or(Ok(()), Err)
    };
    match pool {
        Some(pool) => pool.install(parallel),
        None => parallel(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_single_ranks_and_finds_the_first_bad_row() {
        let n = PARALLEL_MIN_ROWS + 1234;
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut cards = Vec::with_capacity(n * 7);
        for _ in 0..n {
            let mut deck: Vec<u8> = (0..52).collect();
            for j in 0..7 {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let pick = j + (state >> 33) as usize % (52 - j);
                deck.swap(j, pick);
            }
            cards.extend_from_slice(&deck[..7]);
        }
        let mut out = vec![0; n];
        rank_many(&cards, 7, &mut out, None).unwrap();
        let mut serial = vec![0; n];
        rank_many(&cards, 7, &mut serial, Some(1)).unwrap();
        assert_eq!(serial, out);
        for (row, &r) in cards.chunks(7).zip(&out) {
            assert_eq!(crate::eval::rank(row).unwrap(), r);
        }
        // Two bad rows: the error names the first, whichever thread saw it.
        cards[7 * (n - 10) + 3] = 52;
        cards[7 * (n - 5)] = cards[7 * (n - 5) + 1];
        let err = rank_many(&cards, 7, &mut out, Some(3)).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("row {}: card index 52 out of range 0..51", n - 10)
        );
        let mut five = vec![0u8, 1, 2, 3, 3];
        five.extend([4, 5, 6, 7, 8]);
        let err = rank_many(&five, 5, &mut [0; 2], None).unwrap_err();
        assert!(
            err.to_string().starts_with("row 0: duplicate card"),
            "{err}"
        );
        assert!(rank_many(&[0; 4], 4, &mut [0], None).is_err());
    }
}
