//! Exact equity: every rank multiset each player may receive, weighted by
//! the number of card deals it stands for (Π C(n_r, x_r) among the unseen
//! counts n_r), the last player's multisets summed into better, equal and
//! worse than the best so far.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::{Spot, Tally, NEVER};
use crate::eval::{LowKey, Rank};
use crate::pots::MAX_SEATS;

/// A rank multiset a player may receive: its counts packed four bits per
/// rank, and its (rank, count) entries for the weight.
#[derive(Clone, Debug)]
pub(super) struct Multiset {
    packed: u64,
    /// (rank, count) for each rank present; at most seven.
    parts: [(u8, u8); 7],
    n_parts: u8,
    /// The player's rank with these cards (set once the player is known).
    rank: Rank,
}

/// Every multiset of `size` ranks with at most `counts[r]` of rank r.
pub(super) fn multisets(counts: &[u8; 13], size: usize) -> Vec<Multiset> {
    fn go(
        r: usize,
        left: usize,
        counts: &[u8; 13],
        cur: &mut Vec<(u8, u8)>,
        out: &mut Vec<Multiset>,
    ) {
        if left == 0 {
            let packed = cur
                .iter()
                .fold(0u64, |p, &(r, n)| p + ((n as u64) << (4 * r)));
            let mut parts = [(0, 0); 7];
            parts[..cur.len()].copy_from_slice(cur);
            out.push(Multiset {
                packed,
                parts,
                n_parts: cur.len() as u8,
                rank: 0,
            });
            return;
        }
        if r == 13 {
            return;
        }
        for n in (0..=left.min(counts[r] as usize)).rev() {
            if n > 0 {
                cur.push((r as u8, n as u8));
            }
            go(r + 1, left - n, counts, cur, out);
            if n > 0 {
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(0, size, counts, &mut Vec::new(), &mut out);
    out
}

/// How many multisets [`multisets`] would list, counted without making
/// them: the coefficient of x^size in the product over ranks of
/// (1 + x + … + x^counts[r]). (`exact = None` measures every spot it is
/// given, so this runs in each call.)
pub(super) fn count_multisets(counts: &[u8; 13], size: usize) -> u128 {
    let mut ways = vec![0u128; size + 1];
    ways[0] = 1;
    for &available in counts {
        for n in (1..=size).rev() {
            ways[n] = (1..=n.min(available as usize)).fold(ways[n], |w, k| w + ways[n - k]);
        }
    }
    ways[size]
}

const fn binomials() -> [[u64; 5]; 5] {
    let mut t = [[0u64; 5]; 5];
    let mut n = 0;
    while n < 5 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
}
static C: [[u64; 5]; 5] = binomials();

/// Packed per-rank counts with the high bit of each nibble set, so that a
/// subtraction shows a rank that ran out as a cleared high bit.
const HIGH: u64 = 0x0008_8888_8888_8888;

fn pack(counts: &[u8; 13]) -> u64 {
    counts
        .iter()
        .enumerate()
        .fold(0, |p, (r, &n)| p | (n as u64) << (4 * r))
}

fn key_plus(key: LowKey, m: &Multiset) -> LowKey {
    m.parts
        .iter()
        .fold(key, |k, &(r, n)| (0..n).fold(k, |k, _| k.with(r * 4)))
}

struct Exact<'a> {
    spot: &'a Spot,
    /// Per player, the multisets it may receive, each with the rank it makes.
    lists: Vec<Vec<Multiset>>,
    /// Polled once per multiset above the last player's: set, the run ends
    /// early.
    stop: &'a AtomicBool,
}

impl Exact<'_> {
    /// How many ways the unseen cards `avail` (packed counts) deal `m`; 0 if
    /// they no longer hold it.
    #[inline(always)]
    fn ways(avail: u64, m: &Multiset) -> u64 {
        // A rank that ran out clears its nibble's high bit in the subtraction.
        if ((avail | HIGH) - m.packed) & HIGH != HIGH {
            return 0;
        }
        m.parts[..m.n_parts as usize]
            .iter()
            .map(|&(r, n)| C[((avail >> (4 * r)) & 15) as usize][n as usize])
            .product()
    }

    /// Players `p..` choose from `avail`; `ranks` holds the earlier players'.
    fn descend(
        &self,
        p: usize,
        avail: u64,
        weight: u128,
        ranks: &mut [Rank; MAX_SEATS],
        tally: &mut Tally,
    ) {
        let last = self.spot.players - 1;
        if p < last {
            for m in &self.lists[p] {
                // Here, not once per call: with three players one call
                // of the second player covers 49,205² steps, seconds of work.
                if self.stop.load(Ordering::Relaxed) {
                    return;
                }
                let w = Self::ways(avail, m);
                if w > 0 {
                    ranks[p] = m.rank;
                    self.descend(p + 1, avail - m.packed, weight * w as u128, ranks, tally);
                }
            }
            return;
        }
        // The last player only beats, ties or trails the best so far: sum
        // its weights into those three cases and tally each once.
        let best = ranks[..last].iter().copied().min().unwrap_or(Rank::MAX);
        let (mut better, mut equal, mut worse) = (0u64, 0u64, 0u64);
        for m in &self.lists[p] {
            let w = Self::ways(avail, m);
            match m.rank.cmp(&best) {
                std::cmp::Ordering::Less => better += w,
                std::cmp::Ordering::Equal => equal += w,
                std::cmp::Ordering::Greater => worse += w,
            }
        }
        for (rank, w) in [(0, better), (best, equal), (Rank::MAX, worse)] {
            if w > 0 {
                ranks[last] = rank;
                tally.add(&ranks[..=last], weight * w as u128);
            }
        }
    }
}

/// Exact tallies over every deal, weighted by how many card deals each
/// multiset outcome stands for. Spread over `threads` threads.
pub fn exact(spot: &Spot, threads: Option<usize>) -> Tally {
    exact_slice(spot, 0..spot.units(true, 0), threads, &NEVER)
}

/// The exact tallies of the outer items `items` (of `spot.units(true, _)`):
/// item `i` is community rank `i / n` (in rank order) with the first player's
/// multiset `i % n` (in the order of the ranks they make). Disjoint slices
/// add up to [`exact`]. Once `stop` is set (a caller's Ctrl-C) the slice
/// ends early and its tallies mean nothing.
pub fn exact_slice(
    spot: &Spot,
    items: Range<u64>,
    threads: Option<usize>,
    stop: &AtomicBool,
) -> Tally {
    let counts = spot.unseen_counts();
    let base: Vec<Vec<Multiset>> = (0..spot.players)
        .map(|p| multisets(&counts, spot.private[p]))
        .collect();
    let n = base[0].len() as u64;
    // The community card's rank (with its weight) comes first when there is
    // one; keep the communities the slice reaches, with its first-player items.
    let communities: Vec<(Option<u8>, u128, Range<usize>)> = spot
        .communities()
        .into_iter()
        .zip((0u64..).step_by(n as usize))
        .filter_map(|((community, weight), lo)| {
            let (a, b) = (items.start.max(lo), items.end.min(lo + n));
            (a < b).then(|| (community, weight, (a - lo) as usize..(b - lo) as usize))
        })
        .collect();
    let run = || {
        communities
            .par_iter()
            .map(|(community, weight, firsts)| {
                let (community, weight) = (*community, *weight);
                let mut avail = pack(&counts);
                let mut keys = spot.known;
                if let Some(r) = community {
                    avail -= 1 << (4 * r);
                    for (s, key) in keys.iter_mut().enumerate().take(spot.players) {
                        if spot.takes_community[s] {
                            *key = key.with(r * 4);
                        }
                    }
                }
                let lists: Vec<Vec<Multiset>> = base
                    .iter()
                    .zip(keys)
                    .map(|(list, key)| {
                        let mut ranked: Vec<Multiset> = list
                            .iter()
                            .map(|m| Multiset {
                                rank: key_plus(key, m).rank(),
                                ..m.clone()
                            })
                            .collect();
                        // In rank order the last player's better/equal/worse
                        // test is a predictable branch.
                        ranked.sort_by_key(|m| m.rank);
                        ranked
                    })
                    .collect();
                let exact = Exact { spot, lists, stop };
                // Split on the first player's multisets so that every thread works.
                exact.lists[0][firsts.clone()]
                    .par_iter()
                    .map(|m| {
                        let mut tally = Tally::default();
                        let w = Exact::ways(avail, m);
                        if w > 0 && !stop.load(Ordering::Relaxed) {
                            let mut ranks = [0; MAX_SEATS];
                            ranks[0] = m.rank;
                            exact.descend(
                                1,
                                avail - m.packed,
                                weight * w as u128,
                                &mut ranks,
                                &mut tally,
                            );
                        }
                        tally
                    })
                    .reduce(Tally::default, Tally::merge)
            })
            .reduce(Tally::default, Tally::merge)
    };
    match threads.and_then(|t| rayon::ThreadPoolBuilder::new().num_threads(t).build().ok()) {
        Some(pool) => pool.install(run),
        None => run(),
    }
}
