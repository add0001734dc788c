//! Exact equity: every rank multiset each player may receive, weighted by
//! the number of card deals it stands for (Π C(n_r, x_r) among the unseen
//! counts n_r). The last player is never looped over per outcome of the
//! others: its multisets, in rank order, are summed into better, equal and
//! worse than the best so far ([`Outcomes`]). With three or more players the
//! two before the last are enumerated together, by the combined multiset U
//! of their cards: the last player's ways depend on U alone, so one set of
//! prefix sums over its outcomes serves every way of splitting U between
//! the two (about 126,000 U from third street, against 1,814² pairs).

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::multiset::{count_multisets, multisets, Multiset, C};
use super::outcomes::Outcomes;
use super::{Spot, Tally, NEVER};
use crate::error::Result;
use crate::eval::{LowKey, Rank};
use crate::pots::MAX_SEATS;
use crate::threads::run_in;

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

/// How many ways the unseen cards `avail` (packed counts) deal `m`; 0 if
/// they no longer hold it.
#[inline(always)]
fn ways(avail: u64, m: &Multiset) -> u64 {
    if !fits(avail, m) {
        return 0;
    }
    m.parts()
        .iter()
        .map(|&(r, n)| C[((avail >> (4 * r)) & 15) as usize][n as usize])
        .product()
}

/// Whether the unseen cards `avail` hold the multiset `m`.
#[inline(always)]
fn fits(avail: u64, m: &Multiset) -> bool {
    // A rank that ran out clears its nibble's high bit in the subtraction.
    ((avail | HIGH) - m.packed) & HIGH == HIGH
}

/// Deal weights counted by the set of seats that share the pot (bit `s`
/// for seat `s`), turned into a [`Tally`] once at the end.
struct Winners(Vec<u128>);

impl Winners {
    fn new() -> Winners {
        Winners(vec![0; 1 << MAX_SEATS])
    }

    fn merge(mut self, other: Winners) -> Winners {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
        self
    }

    /// `weight` deals of the others, against the last player's (better,
    /// equal, worse) ways: the last seat alone, with `best`'s seats, or
    /// `best`'s seats alone take the pot.
    #[inline(always)]
    fn add(&mut self, weight: u128, best: usize, last: usize, (b, e, w): (u64, u64, u64)) {
        self.0[last] += weight * b as u128;
        self.0[best | last] += weight * e as u128;
        self.0[best] += weight * w as u128;
    }

    fn tally(&self) -> Tally {
        let mut tally = Tally::default();
        for (mask, &n) in self.0.iter().enumerate().filter(|(_, &n)| n > 0) {
            tally.add_winners(mask, n);
        }
        tally
    }
}

/// The outer items of an exact run of `spot` (before the community card is
/// chosen): heads-up the multisets of the player with more cards to come
/// (the first on a tie); three-way, when [`paired`], the combined multisets
/// of the first two; otherwise the first player's.
pub(super) fn outer_items(spot: &Spot, counts: &[u8; 13]) -> Vec<Multiset> {
    multisets(counts, outer_size(spot))
}

/// How many cards each outer item deals (see [`outer_items`]).
pub(super) fn outer_size(spot: &Spot) -> usize {
    match spot.players {
        2 => spot.private[0].max(spot.private[1]),
        3 if paired(spot) => spot.private[0] + spot.private[1],
        _ => spot.private[0],
    }
}

/// Combined multisets of a pair listed at most (about 40 MB of them).
const MAX_PAIRS: u128 = 1 << 20;

/// Whether the two players before the last are enumerated together by
/// their combined multiset: from three players, when those are fewer than
/// the pairs of multisets they stand for and few enough to list (two random
/// hands make 6 million; those spots are hours of work either way).
fn paired(spot: &Spot) -> bool {
    let n = spot.players;
    if n < 3 {
        return false;
    }
    let counts = spot.unseen_counts();
    let (x, y) = (spot.private[n - 3], spot.private[n - 2]);
    let combined = count_multisets(&counts, x + y);
    combined <= MAX_PAIRS && combined < count_multisets(&counts, x) * count_multisets(&counts, y)
}

/// One community rank's enumeration: the last player's outcomes have at
/// most `S` distinct ranks.
struct Enumeration<'a, const S: usize> {
    spot: &'a Spot,
    /// Each player's cards before its private ones (the community card in).
    keys: [LowKey; MAX_SEATS],
    /// The players enumerated one by one (all but the last three, or the
    /// first of two), their multisets each with the rank it makes.
    lists: Vec<Vec<Multiset>>,
    /// Whether the two players before the last go by their combined
    /// multiset ([`paired`]), and those multisets.
    paired: bool,
    pairs: &'a [Multiset],
    last: Outcomes<S>,
    stop: &'a AtomicBool,
}

/// A way to split a pair's combined multiset: its weight and both ranks.
type Split = (u64, Rank, Rank);

/// Reused buffers of [`Enumeration::pair`].
#[derive(Default)]
struct Scratch {
    splits: Vec<Split>,
    at: Vec<u32>,
    prefix: Vec<u64>,
}

impl<const S: usize> Enumeration<'_, S> {
    fn last_bit(&self) -> usize {
        1 << (self.spot.players - 1)
    }

    /// Heads-up: the first player's multiset `m` against every outcome of the second.
    fn heads_up(&self, avail: u64, weight: u128, m: &Multiset, wins: &mut Winners) {
        let w = ways(avail, m);
        if w > 0 {
            let split = self.last.split(avail - m.packed, m.rank);
            wins.add(weight * w as u128, 1, 2, split);
        }
    }

    /// Players `p..` (before the pair) choose from `avail`; `ranks` holds
    /// the earlier players'.
    #[allow(clippy::too_many_arguments)]
    fn descend(
        &self,
        p: usize,
        avail: u64,
        weight: u128,
        ranks: &mut [Rank; MAX_SEATS],
        wins: &mut Winners,
        scratch: &mut Scratch,
    ) {
        let last = self.spot.players - 1;
        if !self.paired && p == last {
            let best = ranks[..p].iter().copied().min().unwrap_or(Rank::MAX);
            let seats = (0..p).fold(0, |m, s| m | ((ranks[s] == best) as usize) << s);
            wins.add(weight, seats, self.last_bit(), self.last.split(avail, best));
            return;
        }
        if self.paired && p == last - 2 {
            let best = ranks[..p].iter().copied().min().unwrap_or(Rank::MAX);
            let seats = (0..p).fold(0, |m, s| m | ((ranks[s] == best) as usize) << s);
            for u in self.pairs {
                // Per combined multiset, not per call: one call covers 126,000 of them.
                if self.stop.load(Ordering::Relaxed) {
                    return;
                }
                if fits(avail, u) {
                    self.pair(avail, u, weight, (best, seats), wins, scratch);
                }
            }
            return;
        }
        for m in &self.lists[p] {
            // One item can be minutes of work (four players: a multiset of
            // the second is a walk over the third's and the last's), so
            // Ctrl-C and cancelled tasks are noticed at every level; a load
            // is nothing beside the split of the last player's outcomes
            // each leaf costs.
            if self.stop.load(Ordering::Relaxed) {
                return;
            }
            let w = ways(avail, m);
            if w > 0 {
                ranks[p] = m.rank;
                self.descend(
                    p + 1,
                    avail - m.packed,
                    weight * w as u128,
                    ranks,
                    wins,
                    scratch,
                );
            }
        }
    }

    /// The two players before the last take the combined multiset `u` from
    /// `avail` in every way; `prior` is the best rank of the players before
    /// them and the seats that hold it.
    fn pair(
        &self,
        avail: u64,
        u: &Multiset,
        weight: u128,
        prior: (Rank, usize),
        wins: &mut Winners,
        scratch: &mut Scratch,
    ) {
        let n = self.spot.players;
        let (x, y) = (n - 3, n - 2);
        let Scratch { splits, at, prefix } = scratch;
        splits.clear();
        Self::splits(
            avail,
            u.parts(),
            self.spot.private[x],
            1,
            (self.keys[x], self.keys[y]),
            splits,
        );
        let seats = |(rx, ry): (Rank, Rank)| {
            let best = prior.0.min(rx).min(ry);
            let mut mask = if prior.0 == best { prior.1 } else { 0 };
            mask |= ((rx == best) as usize) << x | ((ry == best) as usize) << y;
            (best, mask)
        };
        at.clear();
        for &(_, rx, ry) in splits.iter() {
            let (lo, hi) = self.last.tying(seats((rx, ry)).0);
            at.extend([lo, hi]);
        }
        at.sort_unstable();
        at.dedup();
        prefix.resize(at.len(), 0);
        let left = avail - u.packed;
        self.last.prefixes(left, at, prefix);
        let total = self.last.total(left);
        let before = |pos: u32| prefix[at.binary_search(&pos).unwrap_or(0)];
        for &(w, rx, ry) in splits.iter() {
            let (best, mask) = seats((rx, ry));
            let (lo, hi) = self.last.tying(best);
            let (b, e) = (before(lo), before(hi));
            wins.add(
                weight * w as u128,
                mask,
                self.last_bit(),
                (b, e - b, total - e),
            );
        }
    }

    /// Every way to cut the parts `parts` of a pair's combined multiset so
    /// that the first of the two gets `left` cards: its weight (the ways
    /// `avail` deals the first player's share, then the second's) and the
    /// two ranks, into `out`.
    fn splits(
        avail: u64,
        parts: &[(u8, u8)],
        left: usize,
        weight: u64,
        (kx, ky): (LowKey, LowKey),
        out: &mut Vec<Split>,
    ) {
        let Some((&(r, u), rest)) = parts.split_first() else {
            if left == 0 {
                out.push((weight, kx.rank(), ky.rank()));
            }
            return;
        };
        let have = ((avail >> (4 * r)) & 15) as usize;
        let card = r * 4;
        let u = u as usize;
        let with = |k: LowKey, n: usize| (0..n).fold(k, |k, _| k.with(card));
        for take in 0..=u.min(left) {
            let w = weight * C[have][take] * C[have - take][u - take];
            let (kx, ky) = (with(kx, take), with(ky, u - take));
            Self::splits(avail, rest, left - take, w, (kx, ky), out);
        }
    }
}

/// Exact tallies over every deal, weighted by how many card deals each
/// multiset outcome stands for. Spread over `threads` threads (an error
/// only when the system will not start them).
pub fn exact(spot: &Spot, threads: Option<usize>) -> Result<Tally> {
    exact_slice(spot, 0..spot.units(true, 0), threads, &NEVER)
}

/// The exact tallies of the outer items `items` (of `spot.units(true, _)`):
/// item `i` is community rank `i / n` (in rank order, when there is a
/// community card) with outer item `i % n` of [`outer_items`] (in the order
/// [`multisets`] lists them). Disjoint slices add up to [`exact`]. Once
/// `stop` is set (a caller's Ctrl-C) the slice ends early and its tallies
/// mean nothing.
pub fn exact_slice(
    spot: &Spot,
    items: Range<u64>,
    threads: Option<usize>,
    stop: &AtomicBool,
) -> Result<Tally> {
    if spot.players == 2 && spot.private[1] > spot.private[0] {
        // Heads-up, the player with more cards to come goes first: looping
        // over its many multisets against the other's short list, summed a
        // few parts at a time, costs about half as much as the other way
        // round (a random hand against three known cards: 45 ms against 92).
        let mut swapped = spot.clone();
        swapped.known.swap(0, 1);
        swapped.private.swap(0, 1);
        swapped.takes_community.swap(0, 1);
        let mut tally = exact_slice(&swapped, items, threads, stop)?;
        tally.shares.swap(0, 1);
        tally.share_squares.swap(0, 1);
        tally.wins.swap(0, 1);
        tally.ties.swap(0, 1);
        return Ok(tally);
    }
    // The last player's multisets have at most this many distinct ranks.
    match spot.private[spot.players - 1] {
        0..=2 => slice::<2>(spot, items, threads, stop),
        3 | 4 => slice::<4>(spot, items, threads, stop),
        _ => slice::<7>(spot, items, threads, stop),
    }
}

fn slice<const S: usize>(
    spot: &Spot,
    items: Range<u64>,
    threads: Option<usize>,
    stop: &AtomicBool,
) -> Result<Tally> {
    let counts = spot.unseen_counts();
    let outer = outer_items(spot, &counts);
    let pair = paired(spot);
    let pairs = if pair && spot.players > 3 {
        multisets(
            &counts,
            spot.private[spot.players - 3] + spot.private[spot.players - 2],
        )
    } else {
        Vec::new()
    };
    let n = outer.len() as u64;
    // The community card's rank (with its weight) comes first when there is
    // one; keep the communities the slice reaches, with their outer items.
    let communities: Vec<(Option<u8>, u128, Range<usize>)> = spot
        .communities()
        .into_iter()
        .zip((0u64..).step_by(n.max(1) as usize))
        .filter_map(|((community, weight), lo)| {
            let (a, b) = (items.start.max(lo), items.end.min(lo + n));
            (a < b).then(|| (community, weight, (a - lo) as usize..(b - lo) as usize))
        })
        .collect();
    let run = || {
        communities
            .iter()
            .map(|(community, weight, range)| {
                let mut avail = pack(&counts);
                let mut keys = spot.known;
                if let Some(r) = *community {
                    avail -= 1 << (4 * r);
                    for (s, key) in keys.iter_mut().enumerate().take(spot.players) {
                        if spot.takes_community[s] {
                            *key = key.with(r * 4);
                        }
                    }
                }
                let ranked = |p: usize| -> Vec<Multiset> {
                    multisets(&counts, spot.private[p])
                        .into_iter()
                        .map(|mut m| {
                            m.rank = key_plus(keys[p], &m).rank();
                            m
                        })
                        .collect()
                };
                let last = spot.players - 1;
                // The players enumerated one at a time: the first heads-up,
                // all but the pair and the last when paired, else all but the last.
                let singles = match spot.players {
                    2 => 1,
                    n if pair => n - 3,
                    n => n - 1,
                };
                let e = Enumeration::<S> {
                    spot,
                    keys,
                    lists: (0..singles).map(ranked).collect(),
                    paired: pair,
                    pairs: &pairs,
                    last: Outcomes::new(&ranked(last), spot.private[last]),
                    stop,
                };
                // The outer items of player 0 carry its rank; the pairs of
                // a three-way run need none.
                let outer: Vec<Multiset> = if spot.players == 3 && pair {
                    outer[range.clone()].to_vec()
                } else {
                    e.lists[0][range.clone()].to_vec()
                };
                let weight = *weight;
                outer
                    .par_iter()
                    .fold(
                        || (Winners::new(), Scratch::default()),
                        |(mut wins, mut scratch), m| {
                            if !stop.load(Ordering::Relaxed) {
                                e.item(avail, weight, m, &mut wins, &mut scratch);
                            }
                            (wins, scratch)
                        },
                    )
                    .map(|(wins, _)| wins)
                    .reduce(Winners::new, Winners::merge)
            })
            .fold(Winners::new(), Winners::merge)
            .tally()
    };
    run_in(threads, run)
}

impl<const S: usize> Enumeration<'_, S> {
    /// One outer item: heads-up the first player's multiset, three-way the
    /// pair's combined multiset when paired, otherwise the first player's.
    fn item(&self, avail: u64, weight: u128, m: &Multiset, wins: &mut Winners, s: &mut Scratch) {
        match self.spot.players {
            2 => self.heads_up(avail, weight, m, wins),
            3 if self.paired => {
                if fits(avail, m) {
                    self.pair(avail, m, weight, (Rank::MAX, 0), wins, s);
                }
            }
            _ => {
                let w = ways(avail, m);
                if w > 0 {
                    let mut ranks = [0; MAX_SEATS];
                    ranks[0] = m.rank;
                    self.descend(1, avail - m.packed, weight * w as u128, &mut ranks, wins, s);
                }
            }
        }
    }
}
