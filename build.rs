//! Generates the evaluator's perfect-hash tables (written to OUT_DIR/low_hash.rs).
//!
//! Each rank r has an additive key `KEYS[r]`, chosen (by a greedy search:
//! each the smallest value above the previous one that keeps every sum
//! distinct) so that every rank multiset of at most seven cards, each rank
//! at most four times, has its own key sum, below 2^25. The sum is scrambled
//! by an odd multiplier modulo 2^25 (a bijection, so still collision-free)
//! and split into a row (high 13 bits) and a column (low 12 bits); rows are
//! packed into one array by first-fit row displacement, so a hand's rank is
//! `RANKS[h + OFFSETS[h >> 12]]`: two loads, no branch.
//!
//! Dense ranks are computed here independently of the crate: the 6,175
//! five-card lows sorted by (category, display ranks), and a six- or
//! seven-card multiset takes the best of its five-card sub-multisets. The
//! crate's tests check every multiset against its own brute force.

use std::fmt::Write as _;
use std::path::PathBuf;

/// Additive rank keys (ace first); every multiset sum is distinct.
const KEYS: [u32; 13] = [
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
];
/// Odd, so multiplying is a bijection modulo 2^25.
const MULT: u32 = 0xC2B2_AE35;
const HASH_BITS: u32 = 25;
const ROW_SHIFT: u32 = 12;

// The crate's own enumerator, compiled here as a module of the script.
#[path = "src/rank_multisets.rs"]
mod rank_multisets;

/// Every rank multiset of `n` cards (at most four of a rank), in the order
/// the evaluator's `for_each_rank_multiset` lists them.
fn multisets(n: u8, f: &mut dyn FnMut(&[u8; 13])) {
    rank_multisets::for_each_multiset(&[4; 13], n, false, &mut |counts, _| f(counts));
}

/// (category, display ranks) of a five-card multiset: lower is better.
fn low_order(counts: &[u8; 13]) -> (u8, [u8; 5]) {
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    // Larger groups first, then higher ranks.
    groups.sort_by(|a, b| b.cmp(a));
    let sizes: Vec<u8> = groups.iter().map(|g| g.0).collect();
    let category = match sizes[..] {
        [1, 1, 1, 1, 1] => 0,
        [2, 1, 1, 1] => 1,
        [2, 2, 1] => 2,
        [3, 1, 1] => 3,
        [3, 2] => 4,
        [4, 1] => 5,
        _ => unreachable!("{sizes:?}"),
    };
    let mut ranks = [0u8; 5];
    let mut i = 0;
    for (size, r) in groups {
        for _ in 0..size {
            ranks[i] = r;
            i += 1;
        }
    }
    (category, ranks)
}

fn best_order(counts: &[u8; 13], n: u8) -> (u8, [u8; 5]) {
    if n == 5 {
        return low_order(counts);
    }
    let mut best = (u8::MAX, [0; 5]);
    for r in 0..13 {
        if counts[r] > 0 {
            let mut fewer = *counts;
            fewer[r] -= 1;
            best = best.min(best_order(&fewer, n - 1));
        }
    }
    best
}

fn hash(counts: &[u8; 13]) -> u32 {
    let sum: u32 = (0..13).map(|r| counts[r] as u32 * KEYS[r]).sum();
    sum.wrapping_mul(MULT) & ((1 << HASH_BITS) - 1)
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/rank_multisets.rs");
    let (offsets, ranks) = pack(&hash_entries());
    let path = PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("low_hash.rs");
    std::fs::write(path, render(&offsets, &ranks)).unwrap();
}

/// (hash, dense rank) of every rank multiset of 5 to 7 cards.
fn hash_entries() -> Vec<(u32, u16)> {
    let mut fives = Vec::new();
    multisets(5, &mut |c| fives.push(low_order(c)));
    fives.sort_unstable();
    let mut entries = Vec::new();
    for n in 5..=7 {
        multisets(n, &mut |c| {
            let order = best_order(c, n);
            let rank = 1 + fives.binary_search(&order).expect("a five-card low") as u16;
            entries.push((hash(c), rank));
        });
    }
    entries
}

/// Row displacement: each row's columns placed first-fit, fullest rows
/// first; returns the per-row offsets and the packed rank table, padded so
/// that any hash at all, valid or not, lands inside it.
fn pack(entries: &[(u32, u16)]) -> (Vec<u32>, Vec<u16>) {
    let rows = 1usize << (HASH_BITS - ROW_SHIFT);
    let mut by_row: Vec<Vec<(u32, u16)>> = vec![Vec::new(); rows];
    for &(h, rank) in entries {
        by_row[(h >> ROW_SHIFT) as usize].push((h & ((1 << ROW_SHIFT) - 1), rank));
    }
    for row in &mut by_row {
        row.sort_unstable();
    }
    let mut order: Vec<usize> = (0..rows).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(by_row[r].len()), r));

    // First fit: each row at the lowest offset where all its columns are free.
    let mut taken = vec![0u64; 1 << 13];
    // An empty row points at offset 0 (its hashes are no hands at all).
    let mut offsets: Vec<u32> = (0..rows as u32)
        .map(|r| 0u32.wrapping_sub(r << ROW_SHIFT))
        .collect();
    let mut ranks: Vec<u16> = Vec::new();
    for &r in &order {
        let cols = &by_row[r];
        let Some(off) = first_fit(&taken, cols) else {
            continue;
        };
        for &(c, rank) in cols {
            let q = off + c as usize;
            taken[q >> 6] |= 1 << (q & 63);
            if ranks.len() <= q {
                ranks.resize(q + 1, 0);
            }
            ranks[q] = rank;
        }
        // Stored so that the slot is `h + offset` (wrapping) for the whole hash.
        offsets[r] = (off as u32).wrapping_sub((r as u32) << ROW_SHIFT);
    }

    // Padding: any hash at all, valid or not, lands inside the table.
    let max_offset = (0..rows)
        .map(|r| offsets[r].wrapping_add((r as u32) << ROW_SHIFT))
        .max()
        .unwrap() as usize;
    ranks.resize(ranks.len().max(max_offset + (1 << ROW_SHIFT)), 0);
    (offsets, ranks)
}

/// The lowest offset at which every column of a row (sorted) is free in
/// `taken`; None for an empty row.
fn first_fit(taken: &[u64], cols: &[(u32, u16)]) -> Option<usize> {
    let is_taken = |p: usize| taken[p >> 6] >> (p & 63) & 1 != 0;
    let c0 = cols.first()?.0 as usize;
    let mut p = c0;
    loop {
        let mut w = p >> 6;
        let mut free = !taken[w] & (!0u64 << (p & 63));
        while free == 0 {
            w += 1;
            free = !taken[w];
        }
        p = (w << 6) + free.trailing_zeros() as usize;
        let off = p - c0;
        if cols[1..].iter().all(|&(c, _)| !is_taken(off + c as usize)) {
            return Some(off);
        }
        p += 1;
    }
}

/// The generated Rust source: keys, constants, offsets and ranks.
fn render(offsets: &[u32], ranks: &[u16]) -> String {
    let rows = offsets.len();
    let mut out = String::new();
    writeln!(
        out,
        "/// Additive rank keys, scrambled: `(KEYS[r] * MULT) mod 2^25`."
    )
    .unwrap();
    let keys: Vec<String> = KEYS
        .iter()
        .map(|k| (k.wrapping_mul(MULT) & ((1 << HASH_BITS) - 1)).to_string())
        .collect();
    writeln!(out, "const HASH_KEYS: [u32; 13] = [{}];", keys.join(", ")).unwrap();
    writeln!(
        out,
        "/// The additive rank keys before scrambling; `HASH_KEYS[r] = (PLAIN_KEYS[r] * KEY_MULT) mod 2^25`."
    )
    .unwrap();
    let plain: Vec<String> = KEYS.iter().map(std::string::ToString::to_string).collect();
    writeln!(out, "const PLAIN_KEYS: [u32; 13] = [{}];", plain.join(", ")).unwrap();
    writeln!(out, "const KEY_MULT: u32 = {MULT};").unwrap();
    writeln!(out, "const HASH_BITS: u32 = {HASH_BITS};").unwrap();
    writeln!(out, "const ROW_SHIFT: u32 = {ROW_SHIFT};").unwrap();
    let offs: Vec<String> = offsets
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    writeln!(out, "static OFFSETS: [u32; {rows}] = [{}];", offs.join(",")).unwrap();
    let rs: Vec<String> = ranks.iter().map(std::string::ToString::to_string).collect();
    writeln!(
        out,
        "static RANKS: [u16; {}] = [{}];",
        ranks.len(),
        rs.join(",")
    )
    .unwrap();
    out
}
