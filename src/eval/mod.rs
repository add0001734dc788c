//! The ace-to-five low evaluator: dense ranks 1 (5-4-3-2-A) … 6175 (K-K-K-K-Q).
//!
//! Suits never matter, so a hand's value is a function of its rank multiset.
//! About 95% of seven-card hands hold five or more distinct ranks; their best
//! low is simply the five lowest ranks, which one 8,192-entry table indexed by
//! the 13-bit rank mask answers (16 KB, built at compile time). The rest are
//! paired and take a short exact path over the count layers. Dense ranks are
//! computed combinatorially (colex order of rank sets), so no other table is
//! needed in the hot path.

use std::sync::OnceLock;

use crate::card::{rank_of, Card};
use crate::error::{Error, Result};

/// Dense hand rank, 1 (best) ..= 6175 (worst).
pub type Rank = u16;
pub const BEST_RANK: Rank = 1;
pub const WORST_RANK: Rank = 6175;
pub const NUM_RANKS: usize = 6175;

/// Hand classes, best first: fewer pairs is always better in razz.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    NoPair,
    OnePair,
    TwoPair,
    Trips,
    FullHouse,
    Quads,
}

/// First dense rank of each category: 1,287 no-pair hands, 2,860 one pair,
/// 858 two pair, 858 trips, 156 full houses, 156 quads.
const CATEGORY_START: [u16; 6] = [1, 1288, 4148, 5006, 5864, 6020];

/// A best low: its category and its five ranks (0 = ace … 12 = king) in
/// display order, grouped ranks first (larger groups first, then higher
/// ranks), then kickers from the highest down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Low {
    pub category: Category,
    pub ranks: [u8; 5],
}

const fn binom_slow(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// C(n, k) for n < 16, k < 14: every binomial rank indexing needs.
const BINOM: [[u32; 14]; 16] = {
    let mut t = [[0u32; 14]; 16];
    let mut n = 0;
    while n < 16 {
        let mut k = 0;
        while k < 14 {
            t[n][k] = binom_slow(n as u32, k as u32);
            k += 1;
        }
        n += 1;
    }
    t
};

#[inline(always)]
const fn binom(n: u32, k: u32) -> u32 {
    BINOM[n as usize][k as usize]
}

/// Colex index of a set of ranks: sets compare from their highest member
/// down, exactly the order of unpaired lows and of kickers.
const fn colex(mut mask: u32) -> u32 {
    let mut index = 0;
    let mut i = 1;
    while mask != 0 {
        index += binom(mask.trailing_zeros(), i);
        i += 1;
        mask &= mask - 1;
    }
    index
}

/// Removes the `gone` ranks from the rank axis, so that kickers are indexed
/// among the ranks the groups left free.
fn squeeze(mask: u32, gone: u32) -> u32 {
    let mut out = 0;
    let mut m = mask;
    while m != 0 {
        let b = m.trailing_zeros();
        out |= 1 << (b - (gone & ((1 << b) - 1)).count_ones());
        m &= m - 1;
    }
    out
}

const fn lowest_bits(mut mask: u32, n: u32) -> u32 {
    let mut out = 0;
    let mut i = 0;
    while i < n && mask != 0 {
        out |= mask & mask.wrapping_neg();
        mask &= mask - 1;
        i += 1;
    }
    out
}

/// Marks a mask of exactly four ranks in `NO_PAIR`: a one-pair hand (when
/// five or more cards hold them).
const FOUR_RANKS: u16 = 0x8000;

/// Rank of the best unpaired low per 13-bit rank mask; `FOUR_RANKS` for four
/// ranks, 0 for fewer.
static NO_PAIR: [u16; 8192] = {
    let mut table = [0u16; 8192];
    let mut mask = 0;
    while mask < 8192 {
        if (mask as u32).count_ones() >= 5 {
            table[mask] = 1 + colex(lowest_bits(mask as u32, 5)) as u16;
        } else if (mask as u32).count_ones() == 4 {
            table[mask] = FOUR_RANKS;
        }
        mask += 1;
    }
    table
};

/// Colex index of every rank set (any size), so kicker indexing is one load.
static COLEX: [u16; 8192] = {
    let mut table = [0u16; 8192];
    let mut mask = 0;
    while mask < 8192 {
        table[mask] = colex(mask as u32) as u16;
        mask += 1;
    }
    table
};

/// Number of ranks in a mask (the portable build has no popcnt instruction).
static POPCOUNT: [u8; 8192] = {
    let mut table = [0u8; 8192];
    let mut mask = 0;
    while mask < 8192 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
};

/// One-pair ranks of the hands with exactly four distinct ranks (96% of the
/// paired seven-card hands): row = colex index of the four ranks, column =
/// which of them (from the lowest) is paired.
static PAIR_OF_FOUR: [[u16; 4]; 715] = {
    let mut table = [[0u16; 4]; 715];
    let mut mask = 0u32;
    while mask < 8192 {
        if mask.count_ones() == 4 {
            let row = colex(mask) as usize;
            let mut rest = mask;
            let mut i = 0;
            while i < 4 {
                let p = rest.trailing_zeros();
                rest &= rest - 1;
                let kickers = mask & !(1 << p);
                let squeezed = (kickers & ((1 << p) - 1)) | ((kickers >> (p + 1)) << p);
                table[row][i] = (CATEGORY_START[1] as u32 + p * 220 + colex(squeezed)) as u16;
                i += 1;
            }
        }
        mask += 1;
    }
    table
};

/// The paired path: `l0` holds the ranks present (fewer than five), `l1` the
/// ranks held twice or more; `layers` gives the full picture for the rare
/// hands with three ranks or fewer.
#[inline(always)]
fn rank_paired_masks(l0: u32, l1: u32, layers: impl FnOnce() -> Layers) -> Rank {
    let l0 = l0 as usize & 8191;
    if POPCOUNT[l0] == 4 {
        let pair_bit = l1 & l1.wrapping_neg();
        let which = POPCOUNT[l0 & (pair_bit as usize).wrapping_sub(1) & 8191];
        PAIR_OF_FOUR[COLEX[l0] as usize % 715][which as usize & 3]
    } else {
        rank_of_low(&best_low_of(layers()))
    }
}

/// Ranks held at least twice, from four-bit counts packed per rank.
#[inline(always)]
fn pairs_of_packed(counts: u64) -> u32 {
    // Bit 4r is set when count r is 2, 3 or 4.
    gather_nibbles((counts >> 1) | (counts >> 2))
}

/// Gathers bit 4r of `x` into bit r, for the 13 ranks.
#[inline(always)]
fn gather_nibbles(x: u64) -> u32 {
    let mut x = x & 0x0001_1111_1111_1111;
    x = (x | (x >> 3)) & 0x0003_0303_0303_0303;
    x = (x | (x >> 6)) & 0x000F_000F_000F_000F;
    x = (x | (x >> 12)) & 0x0000_00FF_0000_00FF;
    ((x | (x >> 24)) & 0x1FFF) as u32
}

/// Rank bit per card byte; bytes past the deck map to nothing (callers
/// validate first, this only keeps the lookup free of bounds checks).
pub(crate) static RANK_BIT: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut c = 0;
    while c < 52 {
        table[c] = 1 << (c / 4);
        c += 1;
    }
    table
};

/// One count per rank, four bits each, added card by card.
static COUNT_UNIT: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut c = 0;
    while c < 52 {
        table[c] = 1 << (4 * (c / 4));
        c += 1;
    }
    table
};

/// Rank of 5 to 7 distinct valid cards. The caller guarantees validity
/// (see [`rank`] for the checked entry point).
#[inline(always)]
pub fn rank_unchecked(cards: &[Card]) -> Rank {
    let (mut l0, mut l1) = (0u32, 0u32);
    for &c in cards {
        let b = RANK_BIT[c as usize];
        l1 |= l0 & b;
        l0 |= b;
    }
    let l0i = l0 as usize & 8191;
    // Both table answers are computed and one is selected, so the 5% of
    // one-pair hands cost no branch misprediction.
    let unpaired = NO_PAIR[l0i];
    let pair_bit = l1 & l1.wrapping_neg();
    let which = POPCOUNT[l0i & (pair_bit as usize).wrapping_sub(1) & 8191];
    let one_pair = PAIR_OF_FOUR[COLEX[l0i] as usize % 715][which as usize & 3];
    let r = if unpaired == FOUR_RANKS {
        one_pair
    } else {
        unpaired
    };
    if r != 0 {
        r
    } else {
        rank_paired(cards)
    }
}

#[cold]
#[inline(never)]
fn rank_paired(cards: &[Card]) -> Rank {
    let (mut l0, mut l1) = (0u32, 0u32);
    for &c in cards {
        let b = RANK_BIT[c as usize];
        l1 |= l0 & b;
        l0 |= b;
    }
    rank_paired_masks(l0, l1, || Layers::of_cards(cards))
}

fn unpack(counts: u64) -> [u8; 13] {
    std::array::from_fn(|r| ((counts >> (4 * r)) & 15) as u8)
}

/// A running key: cards are added one at a time (as they are dealt or as an
/// enumeration descends) and the rank is one table load at the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LowKey {
    mask: u32,
    counts: u64,
}

impl LowKey {
    pub const EMPTY: LowKey = LowKey { mask: 0, counts: 0 };

    #[inline(always)]
    #[must_use]
    pub fn with(self, card: Card) -> LowKey {
        LowKey {
            mask: self.mask | RANK_BIT[card as usize],
            counts: self.counts + COUNT_UNIT[card as usize],
        }
    }

    /// The ranks present, one bit per rank (ace = bit 0).
    #[inline(always)]
    pub fn ranks(self) -> u16 {
        self.mask as u16
    }

    /// Number of cards added.
    pub fn len(self) -> u32 {
        unpack(self.counts).iter().map(|&c| c as u32).sum()
    }

    pub fn is_empty(self) -> bool {
        self.counts == 0
    }

    /// Rank of the cards added; valid once 5 to 7 distinct cards are in.
    #[inline(always)]
    pub fn rank(self) -> Rank {
        let r = NO_PAIR[self.mask as usize & 8191];
        if r != 0 && r != FOUR_RANKS {
            r
        } else {
            rank_counts_packed(self.mask, self.counts)
        }
    }
}

#[cold]
#[inline(never)]
fn rank_counts_packed(mask: u32, counts: u64) -> Rank {
    rank_paired_masks(mask, pairs_of_packed(counts), || {
        Layers::of_counts(&unpack(counts))
    })
}

/// Rank masks by multiplicity: `l0` holds the ranks present, `l1` those held
/// at least twice, `l2` at least three times.
#[derive(Clone, Copy)]
struct Layers {
    l0: u32,
    l1: u32,
    l2: u32,
}

impl Layers {
    #[inline(always)]
    fn of_cards(cards: &[Card]) -> Layers {
        let (mut l0, mut l1, mut l2) = (0u32, 0u32, 0u32);
        for &c in cards {
            let b = RANK_BIT[c as usize];
            l2 |= l1 & b;
            l1 |= l0 & b;
            l0 |= b;
        }
        Layers { l0, l1, l2 }
    }

    fn of_counts(counts: &[u8; 13]) -> Layers {
        let layer = |k: u8| {
            (0..13)
                .filter(|&r| counts[r] > k)
                .fold(0, |m, r| m | 1 << r)
        };
        Layers {
            l0: layer(0),
            l1: layer(1),
            l2: layer(2),
        }
    }
}

/// Writes the ranks of `mask` from the highest down into `out`.
#[inline(always)]
fn ranks_desc(mut mask: u32, out: &mut [u8]) {
    for slot in out {
        let top = 31 - mask.leading_zeros();
        *slot = top as u8;
        mask &= !(1 << top);
    }
}

/// The best five-card low of a rank multiset of 5 to 7 cards (counts per
/// rank, each at most 4).
pub fn best_low(counts: &[u8; 13]) -> Low {
    best_low_of(Layers::of_counts(counts))
}

/// The best low from the layers, without allocating: this is also the
/// paired path of the hot evaluator.
#[inline(always)]
fn best_low_of(Layers { l0, l1, l2 }: Layers) -> Low {
    let low = |m: u32| m.trailing_zeros() as u8;
    let without = |m: u32, r: u8| m & !(1 << r);
    let mut ranks = [0u8; 5];
    let category = match l0.count_ones() {
        d if d >= 5 => {
            ranks_desc(lowest_bits(l0, 5), &mut ranks);
            Category::NoPair
        }
        4 => {
            // All four ranks plus the lowest one held twice.
            let p = low(l1);
            ranks[..2].fill(p);
            ranks_desc(without(l0, p), &mut ranks[2..]);
            Category::OnePair
        }
        3 if l1.count_ones() >= 2 => {
            let lo = low(l1);
            let hi = low(without(l1, lo));
            ranks = [hi, hi, lo, lo, low(without(without(l0, lo), hi))];
            Category::TwoPair
        }
        3 => {
            let t = low(l1);
            ranks[..3].fill(t);
            ranks_desc(without(l0, t), &mut ranks[3..]);
            Category::Trips
        }
        2 if l1.count_ones() == 2 => {
            let t = low(l2);
            let p = low(without(l0, t));
            ranks = [t, t, t, p, p];
            Category::FullHouse
        }
        _ => {
            let q = low(l1);
            ranks = [q, q, q, q, low(without(l0, q))];
            Category::Quads
        }
    };
    Low { category, ranks }
}

/// Dense rank of a best low.
pub fn rank_of_low(low: &Low) -> Rank {
    let r = low.ranks.map(|r| r as u32);
    let bit = |x: u32| 1u32 << x;
    let start = CATEGORY_START[low.category as usize] as u32;
    let offset = match low.category {
        Category::NoPair => colex(r.iter().fold(0, |m, &x| m | bit(x))),
        Category::OnePair => {
            let kickers = bit(r[2]) | bit(r[3]) | bit(r[4]);
            r[0] * 220 + colex(squeeze(kickers, bit(r[0])))
        }
        Category::TwoPair => {
            let (hi, lo) = (r[0], r[2]);
            (lo + binom(hi, 2)) * 11 + colex(squeeze(bit(r[4]), bit(hi) | bit(lo)))
        }
        Category::Trips => {
            let kickers = bit(r[3]) | bit(r[4]);
            r[0] * 66 + colex(squeeze(kickers, bit(r[0])))
        }
        Category::FullHouse | Category::Quads => {
            let grouped = r[0];
            r[0] * 12 + colex(squeeze(bit(r[4]), bit(grouped)))
        }
    };
    (start + offset) as Rank
}

/// Every five-card low indexed by dense rank (index 0 unused); built once.
fn lows_by_rank() -> &'static [Low] {
    static TABLE: OnceLock<Vec<Low>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let placeholder = Low {
            category: Category::NoPair,
            ranks: [0; 5],
        };
        let mut table = vec![placeholder; NUM_RANKS + 1];
        for_each_rank_multiset(5, &mut |counts| {
            let low = best_low(counts);
            table[rank_of_low(&low) as usize] = low;
        });
        table
    })
}

/// Calls `f` with the counts of every rank multiset of `n` cards (at most
/// four of a rank), in a fixed order.
pub fn for_each_rank_multiset(n: u8, f: &mut dyn FnMut(&[u8; 13])) {
    fn go(rank: usize, left: u8, counts: &mut [u8; 13], f: &mut dyn FnMut(&[u8; 13])) {
        if rank == 13 {
            if left == 0 {
                f(counts);
            }
            return;
        }
        for c in 0..=left.min(4) {
            counts[rank] = c;
            go(rank + 1, left - c, counts, f);
        }
        counts[rank] = 0;
    }
    go(0, n, &mut [0; 13], f);
}

/// The low of a dense rank.
pub fn low_of_rank(rank: i64) -> Result<Low> {
    if !(BEST_RANK as i64..=WORST_RANK as i64).contains(&rank) {
        return Err(Error::RankOutOfRange(rank));
    }
    Ok(lows_by_rank()[rank as usize])
}

fn check_hand(cards: &[Card], what: &'static str) -> Result<()> {
    if !(5..=7).contains(&cards.len()) {
        return Err(Error::CardCount {
            what,
            expected: "5 to 7",
            got: cards.len(),
        });
    }
    for &c in cards {
        if c >= 52 {
            return Err(Error::CardOutOfRange(c.to_string()));
        }
    }
    crate::card::check_distinct(cards)
}

/// Rank of 5 to 7 distinct cards.
pub fn rank(cards: &[Card]) -> Result<Rank> {
    check_hand(cards, "rank")?;
    Ok(rank_unchecked(cards))
}

fn counts_of(cards: &[Card]) -> [u8; 13] {
    let mut counts = [0u8; 13];
    for &c in cards {
        counts[rank_of(c) as usize] += 1;
    }
    counts
}

/// The five cards that make the rank, highest card index first; where a
/// rank is held more often than the low uses it, the lowest suits are taken.
pub fn best_five(cards: &[Card]) -> Result<[Card; 5]> {
    check_hand(cards, "best_five")?;
    let low = best_low(&counts_of(cards));
    let mut sorted = cards.to_vec();
    sorted.sort_unstable();
    let mut taken = [false; 7];
    let mut out = [0; 5];
    for (slot, &r) in out.iter_mut().zip(&low.ranks) {
        let i = (0..sorted.len())
            .find(|&i| !taken[i] && rank_of(sorted[i]) == r)
            .expect("the low's ranks come from the cards");
        taken[i] = true;
        *slot = sorted[i];
    }
    out.sort_unstable_by(|a, b| b.cmp(a));
    Ok(out)
}

const NAMES: [&str; 13] = [
    "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
    "king",
];
const PLURALS: [&str; 13] = [
    "aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings",
];

/// "7-5-4-2-A (seven-five low)", "K-K-4-3-2 (pair of kings)", …
pub fn describe_low(low: &Low) -> String {
    let chars: Vec<String> = low
        .ranks
        .iter()
        .map(|&r| (crate::card::RANK_CHARS[r as usize] as char).to_string())
        .collect();
    let r = low.ranks.map(|r| r as usize);
    let words = match low.category {
        Category::NoPair => format!("{}-{} low", NAMES[r[0]], NAMES[r[1]]),
        Category::OnePair => format!("pair of {}", PLURALS[r[0]]),
        Category::TwoPair => format!("two pair, {} and {}", PLURALS[r[0]], PLURALS[r[2]]),
        Category::Trips => format!("three {}", PLURALS[r[0]]),
        Category::FullHouse => format!("{} full of {}", PLURALS[r[0]], PLURALS[r[3]]),
        Category::Quads => format!("four {}", PLURALS[r[0]]),
    };
    format!("{} ({words})", chars.join("-"))
}

pub fn describe_rank(rank: i64) -> Result<String> {
    Ok(describe_low(&low_of_rank(rank)?))
}

pub fn describe_cards(cards: &[Card]) -> Result<String> {
    check_hand(cards, "describe")?;
    Ok(describe_low(&best_low(&counts_of(cards))))
}

#[cfg(test)]
mod tests;
