//! Validated batch evaluation over a flat array of card rows (the engine
//! behind `rank_many`): checks every card and duplicate with two table
//! loads per card, and fans out over rayon's pool for large batches.

use std::ops::Range;

use rayon::prelude::*;

use super::{rank_unchecked, Rank};
use crate::card::{check_distinct, Card};
use crate::error::{Error, Result};
use crate::threads::run_in;

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
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, the only feature these functions enable.
        return unsafe {
            match k {
                5 => avx2::rank_rows::<5>(cards, out, first_row),
                6 => avx2::rank_rows::<6>(cards, out, first_row),
                7 => avx2::rank_rows::<7>(cards, out, first_row),
                _ => rank_rows_portable(k, cards, out, first_row),
            }
        };
    }
    rank_rows_portable(k, cards, out, first_row)
}

fn rank_rows_portable(k: usize, cards: &[Card], out: &mut [Rank], first_row: usize) -> Result<()> {
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

/// The same ranks and the same first error as [`rank_rows`], with the rows
/// checked 16 at a time in AVX2 registers: each 128-bit lane holds two rows
/// (one per 8 bytes), a row compared with itself rotated by 1..=K/2 cards
/// finds every duplicate, and a saturating subtraction every value past 51.
/// The same registers give each row's key: card / 4 indexes `pshufb` tables
/// of the plain rank keys' bytes, `psadbw` sums each byte over the row, and
/// one multiply scrambles the sum, so a row costs two table loads after the
/// vector work. A block with any bad row
/// is handed to [`rank_rows`], which names the first one.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    // The AVX2 intrinsics, by their Intel names.
    #[allow(clippy::wildcard_imports)]
    use std::arch::x86_64::*;

    use super::{Card, Rank, Result};
    use crate::eval::{plain_sum_key, rank_of_key, PLAIN_RANK_KEYS};

    /// Rows per block: four registers of four rows.
    const BLOCK: usize = 16;

    /// `pshufb` control per 128-bit lane: card `(i + shift) % K` of each of
    /// the lane's two rows to byte `i` of its half (the rows are read from
    /// bytes `0..2K` before placing, `0..8` and `8..16` after); padding
    /// bytes read as zero (0x80).
    const fn control<const K: usize>(shift: usize, placed: bool) -> [u8; 16] {
        let second = if placed { 8 } else { K };
        let mut c = [0x80; 16];
        let mut i = 0;
        while i < K {
            c[i] = ((i + shift) % K) as u8;
            c[8 + i] = (second + (i + shift) % K) as u8;
            i += 1;
        }
        c
    }

    /// 0xFF on the padding bytes of a lane, 0 on the cards.
    const fn padding<const K: usize>() -> [u8; 16] {
        let mut c = [0xFF; 16];
        let mut i = 0;
        while i < K {
            c[i] = 0;
            c[8 + i] = 0;
            i += 1;
        }
        c
    }

    #[target_feature(enable = "avx2")]
    fn lanes(c: [u8; 16]) -> __m256i {
        let lo = i64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        let hi = i64::from_le_bytes([c[8], c[9], c[10], c[11], c[12], c[13], c[14], c[15]]);
        _mm256_set_epi64x(hi, lo, hi, lo)
    }

    /// Bytes a block's reads reach: 16 rows of up to 7 cards, and 16 bytes
    /// read from the last row pair. A fixed size, so the reads inside it
    /// need no bounds checks.
    const SPAN: usize = BLOCK * 7 + 16;

    #[target_feature(enable = "avx2")]
    fn load16(bytes: &[u8; SPAN], at: usize) -> __m128i {
        let half = |i: usize| i64::from_le_bytes(bytes[at + i..at + i + 8].try_into().unwrap());
        _mm_set_epi64x(half(8), half(0))
    }

    /// `pshufb` table of byte `b` of every rank's plain key
    /// (`PLAIN_RANK_KEYS[r]` at index `r`); the padding's index 0x80 reads 0.
    #[target_feature(enable = "avx2")]
    fn key_plane(b: usize) -> __m256i {
        let mut t = [0u8; 16];
        for (byte, key) in t.iter_mut().zip(PLAIN_RANK_KEYS) {
            *byte = (key >> (8 * b)) as u8;
        }
        lanes(t)
    }

    /// Checks the `BLOCK` rows starting at `bytes` and writes each row's key (see
    /// `eval::plain_sum_key`, in the low 32 bits) to `keys`. False
    /// if any row has a value past 51 or a card twice; `keys` then means
    /// nothing.
    #[target_feature(enable = "avx2")]
    fn block_keys<const K: usize>(bytes: &[u8; SPAN], keys: &mut [u64; BLOCK]) -> bool {
        let place = lanes(control::<K>(0, false));
        let pad = lanes(padding::<K>());
        let pad_index = _mm256_and_si256(pad, _mm256_set1_epi8(0x80u8 as i8));
        let nibble = _mm256_set1_epi8(0x0F);
        let planes = [key_plane(0), key_plane(1), key_plane(2)];
        let mult = _mm256_set1_epi64x(plain_sum_key(1) as i64);
        let zero = _mm256_setzero_si256();
        let limit = _mm256_set1_epi8(51);
        let mut bad = zero;
        for (g, out) in keys.as_chunks_mut::<4>().0.iter_mut().enumerate() {
            let at = 4 * K * g;
            let raw = _mm256_set_m128i(load16(bytes, at + 2 * K), load16(bytes, at));
            // One row per 64-bit lane, in row order.
            let cards = _mm256_shuffle_epi8(raw, place);
            bad = _mm256_or_si256(bad, _mm256_subs_epu8(cards, limit));
            let padded = _mm256_or_si256(cards, pad);
            for shift in 1..=K / 2 {
                let turned = _mm256_shuffle_epi8(cards, lanes(control::<K>(shift, true)));
                bad = _mm256_or_si256(bad, _mm256_cmpeq_epi8(padded, turned));
            }
            // Rank = card / 4: the 16-bit shift moves two bits of the next
            // byte into bits 6 and 7, which the mask drops.
            let ranks = _mm256_or_si256(
                _mm256_and_si256(_mm256_srli_epi16::<2>(cards), nibble),
                pad_index,
            );
            // The plain keys (three bytes each) are summed byte by byte
            // (psadbw adds a row's eight bytes) and the byte sums shifted
            // into place, carries and all; the row's sum times the
            // scrambling multiplier is then its key in the low 32 bits.
            let sum = |b: usize| _mm256_sad_epu8(_mm256_shuffle_epi8(planes[b], ranks), zero);
            let plain = _mm256_add_epi64(
                _mm256_add_epi64(sum(0), _mm256_slli_epi64::<8>(sum(1))),
                _mm256_slli_epi64::<16>(sum(2)),
            );
            let key = _mm256_mul_epu32(plain, mult);
            // SAFETY: `out` is four u64, exactly the 32 bytes stored.
            unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), key) };
        }
        _mm256_testz_si256(bad, bad) != 0
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn rank_rows<const K: usize>(
        cards: &[Card],
        out: &mut [Rank],
        first_row: usize,
    ) -> Result<()> {
        let n = out.len().min(cards.len() / K);
        let mut done = 0;
        let mut keys = [0u64; BLOCK];
        // Whole blocks whose reads stay inside `cards`.
        while done * K + SPAN <= cards.len() && done + BLOCK <= n {
            let bytes = &cards[done * K..];
            let span: &[u8; SPAN] = bytes[..SPAN].try_into().expect("the loop's bound");
            let block = &mut out[done..done + BLOCK];
            if block_keys::<K>(span, &mut keys) {
                for (slot, &key) in block.iter_mut().zip(&keys) {
                    *slot = rank_of_key(key as u32);
                }
            } else {
                super::rank_rows::<K>(&bytes[..BLOCK * K], block, first_row + done)?;
            }
            done += BLOCK;
        }
        super::rank_rows::<K>(&cards[done * K..], &mut out[done..], first_row + done)
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
    in_chunks(out, threads, |first_row, o| {
        let c = &cards[first_row * k..(first_row + o.len()) * k];
        rank_rows_k(k, c, o, first_row)
    })
}

/// [`rank_many`] of rows that are not card bytes yet (a wider integer type,
/// a strided view): `fill(rows, buf)` appends the card bytes of rows `rows`
/// to `buf`, `k` per row, writing any value that is no card as a byte of 52
/// or more. Rows are converted a chunk at a time into a buffer of the
/// chunk's size, so no copy of the whole input is ever made.
pub fn rank_many_from<F>(k: usize, out: &mut [Rank], threads: Option<usize>, fill: F) -> Result<()>
where
    F: Fn(Range<usize>, &mut Vec<Card>) + Sync,
{
    if !(5..=7).contains(&k) {
        return rank_rows_k(k, &[], out, 0);
    }
    in_chunks(out, threads, |first_row, o| {
        let mut buf = Vec::with_capacity(o.len() * k);
        fill(first_row..first_row + o.len(), &mut buf);
        assert_eq!(
            buf.len(),
            o.len() * k,
            "rank_many_from: fill wrote a wrong count"
        );
        rank_rows_k(k, &buf, o, first_row)
    })
}

/// Calls `rank(first_row, out_chunk)` on chunks of `CHUNK_ROWS` rows, on
/// `threads` threads when there are many rows, and returns the error of the
/// lowest chunk that has one.
fn in_chunks<F>(out: &mut [Rank], threads: Option<usize>, rank: F) -> Result<()>
where
    F: Fn(usize, &mut [Rank]) -> Result<()> + Sync,
{
    let serial = |out: &mut [Rank]| {
        out.chunks_mut(CHUNK_ROWS)
            .enumerate()
            .try_for_each(|(i, o)| rank(i * CHUNK_ROWS, o))
    };
    if out.len() < PARALLEL_MIN_ROWS || threads == Some(1) {
        return serial(out);
    }
    let rank = &rank;
    let parallel = move || {
        out.par_chunks_mut(CHUNK_ROWS)
            .enumerate()
            .map(|(i, o)| rank(i * CHUNK_ROWS, o))
            .find_map_first(std::result::Result::err)
            .map_or(Ok(()), Err)
    };
    // Threads the system will not start are the caller's error, as in
    // every long call, not a quiet run on one thread.
    run_in(threads, parallel)?
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_rows(n: usize, k: usize, state: &mut u64) -> Vec<u8> {
        let mut cards = Vec::with_capacity(n * k);
        for _ in 0..n {
            let mut deck: Vec<u8> = (0..52).collect();
            for j in 0..k {
                *state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let pick = j + (*state >> 33) as usize % (52 - j);
                deck.swap(j, pick);
            }
            cards.extend_from_slice(&deck[..k]);
        }
        cards
    }

    /// The dispatched path (AVX2 where the CPU has it) gives the portable
    /// path's ranks and its error, message and row, for every row count,
    /// every pair of positions duplicated and values past the deck, in every
    /// place of a block and in the tail.
    #[test]
    fn vector_path_equals_the_portable_path() {
        let mut state = 0x853C_49E6_748F_EA9Bu64;
        let same = |k: usize, cards: &[u8]| {
            let n = cards.len() / k;
            let (mut a, mut b) = (vec![0; n], vec![0; n]);
            let ra = rank_rows_k(k, cards, &mut a, 0).map_err(|e| e.to_string());
            let rb = rank_rows_portable(k, cards, &mut b, 0).map_err(|e| e.to_string());
            assert_eq!(ra, rb, "k={k} n={n}");
            if ra.is_ok() {
                assert_eq!(a, b, "k={k} n={n}");
            }
        };
        for k in 5..=7 {
            for n in (0..70).chain([1000, 4099]) {
                same(k, &random_rows(n, k, &mut state));
            }
            let good = random_rows(64, k, &mut state);
            for row in [0, 1, 3, 4, 15, 16, 17, 31, 40, 47, 48, 63] {
                for i in 0..k {
                    for j in 0..k {
                        let mut cards = good.clone();
                        if i == j {
                            for bad in [52u8, 63, 64, 127, 128, 200, 255] {
                                cards[row * k + i] = bad;
                                same(k, &cards);
                            }
                        } else {
                            cards[row * k + i] = cards[row * k + j];
                            same(k, &cards);
                        }
                    }
                }
            }
            // Edge values of good rows: the lowest and highest cards.
            let mut edge = Vec::new();
            for r in 0..40 {
                let base: Vec<u8> = if r % 2 == 0 {
                    (0..k as u8).collect()
                } else {
                    (52 - k as u8..52).collect()
                };
                edge.extend(base);
            }
            same(k, &edge);
        }
    }

    /// Rows converted a chunk at a time rank as their bytes do and fail at
    /// the same first bad row, on any number of threads.
    #[test]
    fn converted_rows_rank_and_fail_as_bytes_do() {
        let n = PARALLEL_MIN_ROWS + 777;
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut cards = random_rows(n, 7, &mut state);
        let run = |cards: &[u8], threads| {
            let wide: Vec<u32> = cards.iter().map(|&c| u32::from(c)).collect();
            let mut from = vec![0; n];
            let converted = rank_many_from(7, &mut from, threads, |rows, buf| {
                let wide = &wide[rows.start * 7..rows.end * 7];
                buf.extend(wide.iter().map(|&x| u8::try_from(x).unwrap_or(255)));
            });
            let mut direct = vec![0; n];
            let bytes = rank_many(cards, 7, &mut direct, threads);
            let (converted, bytes) = (
                converted.map_err(|e| e.to_string()),
                bytes.map_err(|e| e.to_string()),
            );
            assert_eq!(converted, bytes, "threads {threads:?}");
            if bytes.is_ok() {
                assert_eq!(from, direct);
            }
            converted
        };
        for threads in [None, Some(1), Some(3)] {
            assert!(run(&cards, threads).is_ok());
        }
        cards[7 * (n - 10) + 2] = 200;
        cards[7 * (n - 5) + 1] = cards[7 * (n - 5)];
        cards[7 * 3 + 6] = cards[7 * 3 + 4];
        for threads in [None, Some(1), Some(3)] {
            let err = run(&cards, threads).unwrap_err();
            assert!(err.starts_with("row 3: duplicate card"), "{err}");
        }
    }

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
