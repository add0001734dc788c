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
mod tests {
    use super::*;

    /// Independent check: the best of every five-card subset, compared by
    /// (category, display ranks) — the rule text of RULES.md, directly.
    fn brute_force(counts: &[u8; 13]) -> Rank {
        let cards: Vec<u8> = (0..13u8)
            .flat_map(|r| std::iter::repeat_n(r, counts[r as usize] as usize))
            .collect();
        let n = cards.len();
        let mut best = u16::MAX;
        for skip in 0..(1u32 << n) {
            if skip.count_ones() as usize != n - 5 {
                continue;
            }
            let mut c5 = [0u8; 13];
            for (i, &r) in cards.iter().enumerate() {
                if skip >> i & 1 == 0 {
                    c5[r as usize] += 1;
                }
            }
            best = best.min(rank_of_low(&best_low(&c5)));
        }
        best
    }

    fn low_from(text: &str) -> [u8; 13] {
        let mut counts = [0; 13];
        for ch in text.split('-') {
            let r = crate::card::RANK_CHARS
                .iter()
                .position(|&c| c == ch.as_bytes()[0])
                .unwrap();
            counts[r] += 1;
        }
        counts
    }

    fn cards_of(counts: &[u8; 13]) -> Vec<Card> {
        (0..13u8)
            .flat_map(|r| (0..counts[r as usize]).map(move |s| r * 4 + s))
            .collect()
    }

    #[test]
    fn five_card_ranks_are_a_bijection_in_rule_order() {
        let mut seen = vec![false; NUM_RANKS + 1];
        let mut lows = Vec::new();
        for_each_rank_multiset(5, &mut |counts| {
            let low = best_low(counts);
            let r = rank_of_low(&low) as usize;
            assert!((1..=NUM_RANKS).contains(&r));
            assert!(!seen[r], "rank {r} twice");
            seen[r] = true;
            lows.push((r, low));
        });
        assert_eq!(lows.len(), NUM_RANKS);
        // Rank order is (category, display ranks) order, lower better.
        lows.sort_by_key(|&(r, _)| r);
        for w in lows.windows(2) {
            let key = |l: &Low| (l.category, l.ranks);
            assert!(key(&w[0].1) < key(&w[1].1), "{:?} vs {:?}", w[0], w[1]);
        }
        assert_eq!(describe_rank(1).unwrap(), "5-4-3-2-A (five-four low)");
        assert_eq!(describe_rank(6175).unwrap(), "K-K-K-K-Q (four kings)");
    }

    #[test]
    fn every_multiset_matches_brute_force_and_fast_paths() {
        for n in 5..=7u8 {
            let mut count = 0;
            for_each_rank_multiset(n, &mut |counts| {
                count += 1;
                let expect = brute_force(counts);
                let cards = cards_of(counts);
                assert_eq!(rank_unchecked(&cards), expect, "{counts:?}");
                let key = cards.iter().fold(LowKey::EMPTY, |k, &c| k.with(c));
                assert_eq!(key.rank(), expect);
                assert_eq!(key.len(), n as u32);
            });
            assert_eq!(count, [6175, 18395, 49205][n as usize - 5]);
        }
    }

    #[test]
    fn seven_card_frequencies_match_the_table() {
        let mut by_class = std::collections::BTreeMap::new();
        let (mut wheel64, mut eight_seven) = (0u64, 0u64);
        for_each_rank_multiset(7, &mut |counts| {
            let ways: u64 = counts.iter().map(|&c| binom(4, c as u32) as u64).product();
            let low = best_low(counts);
            let class = match low.category {
                Category::NoPair => format!("{}-low", low.ranks[0]),
                c => format!("{c:?}"),
            };
            *by_class.entry(class).or_insert(0u64) += ways;
            let d = describe_low(&low);
            if d.starts_with("6-4-3-2-A ") {
                wheel64 += ways;
            }
            if d.starts_with("8-7-6-5-4 ") {
                eight_seven += ways;
            }
        });
        let expect = [
            ("4-low", 781_824),
            ("5-low", 3_151_360),
            ("6-low", 7_426_560),
            ("7-low", 13_171_200),
            ("8-low", 19_174_400),
            ("9-low", 23_675_904),
            ("10-low", 24_837_120),
            ("11-low", 21_457_920),
            ("12-low", 13_939_200),
            ("OnePair", 5_948_800),
            ("TwoPair", 219_648),
            ("FullHouse", 624),
        ];
        for (k, v) in expect {
            assert_eq!(by_class.get(k).copied(), Some(v), "{k}");
        }
        assert_eq!(by_class.len(), expect.len());
        assert_eq!(by_class.values().sum::<u64>(), 133_784_560);
        assert_eq!(wheel64, 630_272);
        assert_eq!(eight_seven, 376_320);
    }

    #[test]
    fn worked_order_and_paired_traps() {
        let order = [
            "3-3-3-5-5",
            "K-K-4-3-2",
            "2-2-7-6-5",
            "A-A-T-9-8",
            "K-Q-J-T-9",
            "K-Q-J-T-7",
            "9-8-7-6-5",
            "9-7-6-5-3",
            "9-7-6-5-A",
            "6-5-4-3-2",
            "6-4-3-2-A",
            "5-4-3-2-A",
        ];
        let ranks: Vec<Rank> = order
            .iter()
            .map(|h| rank_of_low(&best_low(&low_from(h))))
            .collect();
        assert!(ranks.windows(2).all(|w| w[0] > w[1]), "{ranks:?}");
        let r = |h: &str| rank_unchecked(&cards_of(&low_from(h)));
        assert!(r("A-3-5-7-8") > r("A-3-5-6-8"));
        assert!(r("A-2-3-5-6") < r("A-2-4-5-6"));
        assert!(r("Q-Q-Q-J-J-J-2") > r("K-K-K-7-7-3-3"));
        assert!(r("Q-Q-Q-5-5-5-5") < r("7-7-7-7-K-K-K"));
    }

    #[test]
    fn best_five_and_describe() {
        let cards = crate::card::parse_cards("Ac Ad As 2c 3c 4c Kh").unwrap();
        assert_eq!(
            crate::card::format_cards(&best_five(&cards).unwrap()),
            "Kh 4c 3c 2c Ac"
        );
        let cards = crate::card::parse_cards("Qc Qd Qh Jc Jd Jh 2s").unwrap();
        assert_eq!(
            describe_cards(&cards).unwrap(),
            "Q-Q-J-J-2 (two pair, queens and jacks)"
        );
        assert!(rank(&cards[..4]).is_err());
        assert!(rank(&[0, 0, 1, 2, 3]).is_err());
        assert!(low_of_rank(0).is_err() && low_of_rank(6176).is_err());
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;
        use proptest::sample::subsequence;

        /// 5 to 7 distinct cards in random order.
        fn hand() -> impl Strategy<Value = Vec<Card>> {
            (5usize..=7)
                .prop_flat_map(|n| subsequence((0..52u8).collect::<Vec<_>>(), n))
                .prop_shuffle()
        }

        proptest! {
            #[test]
            fn suits_and_order_never_matter(cards in hand(), perm in Just([0u8, 1, 2, 3]).prop_shuffle(), rot in 0usize..7) {
                let mut moved: Vec<Card> = cards.iter().map(|&c| (c & !3) | perm[(c & 3) as usize]).collect();
                let n = moved.len();
                moved.rotate_left(rot % n);
                prop_assert_eq!(rank(&cards).unwrap(), rank(&moved).unwrap());
            }

            #[test]
            fn another_card_never_makes_a_low_worse(cards in hand(), extra in 0u8..52) {
                prop_assume!(cards.len() < 7 && !cards.contains(&extra));
                let mut more = cards.clone();
                more.push(extra);
                prop_assert!(rank(&more).unwrap() <= rank(&cards).unwrap());
            }

            #[test]
            fn no_pair_always_beats_a_pair(a in hand(), b in hand()) {
                let (ra, rb) = (rank(&a).unwrap(), rank(&b).unwrap());
                let unpaired = |r: Rank| r <= 1287;
                if unpaired(ra) && !unpaired(rb) {
                    prop_assert!(ra < rb);
                }
                let best = best_five(&a).unwrap();
                prop_assert_eq!(rank(&best).unwrap(), ra);
            }
        }
    }
}
