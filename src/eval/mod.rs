//! The ace-to-five low evaluator: dense ranks 1 (5-4-3-2-A) … 6175 (K-K-K-K-Q).
//!
//! Suits never matter, so a hand's value is a function of its rank multiset.
//! Each rank has an additive 25-bit key such that every multiset of at most
//! seven cards has its own key sum; a perfect hash built at compile time
//! (build.rs: row displacement, about 190 KB) maps the sum of a hand's keys
//! to its rank with two loads and no branch, whether the key is summed from
//! a card array or carried card by card in a [`LowKey`]. Dense ranks and
//! best lows outside the hot path are computed combinatorially (colex order
//! of rank sets).

use std::sync::OnceLock;

use crate::card::{rank_of, Card};
use crate::error::{Error, Result};
use crate::rank_multisets::for_each_multiset;

mod batch;
pub use batch::{rank_many, rank_many_from};

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

impl Category {
    /// Best first, as `Ord` sorts them.
    pub const ALL: [Category; 6] = [
        Category::NoPair,
        Category::OnePair,
        Category::TwoPair,
        Category::Trips,
        Category::FullHouse,
        Category::Quads,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Category::NoPair => "no pair",
            Category::OnePair => "one pair",
            Category::TwoPair => "two pair",
            Category::Trips => "trips",
            Category::FullHouse => "full house",
            Category::Quads => "quads",
        }
    }
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

// The generated perfect hash (see build.rs): `HASH_KEYS`, `HASH_BITS`,
// `ROW_SHIFT`, `OFFSETS` and `RANKS`.
include!(concat!(env!("OUT_DIR"), "/low_hash.rs"));

/// A key holds the hash of its rank multiset in its top 25 bits and the
/// number of cards in the low `COUNT_BITS` bits. Adding keys adds hashes
/// modulo 2^25 for free (the carry falls off the top), so the hash needs no
/// mask, and the card count never reaches the hash.
const COUNT_BITS: u32 = 32 - HASH_BITS;

/// Key per card byte: its rank's hash plus one card; bytes past the deck map
/// to nothing (callers validate first, this only keeps the lookup free of
/// bounds checks).
static CARD_KEY: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut c = 0;
    while c < 52 {
        table[c] = (HASH_KEYS[c / 4] << COUNT_BITS) + 1;
        c += 1;
    }
    table
};

/// The additive rank keys before the hash's scrambling multiply, each below
/// 2^22: a caller summing keys in vector registers adds three bytes per
/// card and scrambles the sum once with [`plain_sum_key`] (see
/// `batch`). Multiplying commutes with adding modulo 2^25, so the
/// result is the key of the same cards.
pub(crate) const PLAIN_RANK_KEYS: [u32; 13] = PLAIN_KEYS;

/// The key (count bits zero, which [`rank_of_key`] never reads) of cards
/// whose [`PLAIN_RANK_KEYS`] sum to `sum`.
#[inline(always)]
pub(crate) const fn plain_sum_key(sum: u32) -> u32 {
    sum.wrapping_mul(KEY_MULT << COUNT_BITS)
}

const _PLAIN_KEYS_SCRAMBLE_TO_HASH_KEYS: () = {
    let mut r = 0;
    while r < 13 {
        assert!(PLAIN_KEYS[r] < 1 << 22, "a plain key fits in three bytes");
        assert!(plain_sum_key(PLAIN_KEYS[r]) == HASH_KEYS[r] << COUNT_BITS);
        r += 1;
    }
};

/// Rank of the key of 5 to 7 cards: two loads, no branch. Any other key
/// gives some rank (never a panic or a read outside the table).
#[inline(always)]
pub(crate) fn rank_of_key(key: u32) -> Rank {
    let h = key >> COUNT_BITS;
    let slot = h.wrapping_add(OFFSETS[(key >> (COUNT_BITS + ROW_SHIFT)) as usize]) as usize;
    // SAFETY: `slot` is the row's offset plus the hash's low ROW_SHIFT bits,
    // for every u32 key whatever its cards; build.rs pads RANKS past the
    // largest offset by a whole row and `_ALL_SLOTS_INSIDE` checks it at
    // compile time. A bounds check here costs 18% of the instructions of an
    // enumeration step (callgrind, benches/eval.rs running keys).
    unsafe { *RANKS.get_unchecked(slot) }
}

/// Every row's offset plus any column is a slot inside `RANKS`.
const _ALL_SLOTS_INSIDE: () = {
    let mut row = 0;
    while row < OFFSETS.len() {
        let last = OFFSETS[row]
            .wrapping_add((row as u32) << ROW_SHIFT)
            .wrapping_add((1 << ROW_SHIFT) - 1);
        assert!((last as usize) < RANKS.len(), "a row reaches past RANKS");
        assert!(last >= (1 << ROW_SHIFT) - 1, "a row starts below 0");
        row += 1;
    }
};

/// Rank of 5 to 7 distinct valid cards. The caller guarantees validity
/// (see [`rank`] for the checked entry point).
#[inline(always)]
pub fn rank_unchecked(cards: &[Card]) -> Rank {
    let key = cards
        .iter()
        .fold(0u32, |k, &c| k.wrapping_add(CARD_KEY[c as usize]));
    rank_of_key(key)
}

/// A running key: cards are added one at a time (as they are dealt or as an
/// enumeration descends) and the rank is two table loads at the end. Only
/// ranks count, so adding a card of an equal rank twice is the same as adding
/// both cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LowKey {
    /// Sum of the cards' keys: hash on top, card count below.
    key: u32,
    /// The ranks present (for [`LowKey::ranks`]; the rank never reads it, so
    /// loops that only rank drop it).
    mask: u16,
}

/// Rank bit per card byte; bytes past the deck map to nothing.
static RANK_BIT: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut c = 0;
    while c < 52 {
        table[c] = 1 << (c / 4);
        c += 1;
    }
    table
};

impl LowKey {
    pub const EMPTY: LowKey = LowKey { key: 0, mask: 0 };

    #[inline(always)]
    #[must_use]
    pub fn with(self, card: Card) -> LowKey {
        LowKey {
            key: self.key.wrapping_add(CARD_KEY[card as usize]),
            mask: self.mask | RANK_BIT[card as usize],
        }
    }

    /// The key of both keys' cards together (say a board and a hand, or a
    /// prefix and each completion in an enumeration); the two share no card.
    #[inline(always)]
    #[must_use]
    pub fn merge(self, other: LowKey) -> LowKey {
        LowKey {
            key: self.key.wrapping_add(other.key),
            mask: self.mask | other.mask,
        }
    }

    /// The ranks present, one bit per rank (ace = bit 0).
    #[inline(always)]
    pub fn ranks(self) -> u16 {
        self.mask
    }

    /// Number of cards added.
    pub fn len(self) -> u32 {
        self.key & ((1 << COUNT_BITS) - 1)
    }

    pub fn is_empty(self) -> bool {
        self.key == 0
    }

    /// Rank of the cards added; valid once 5 to 7 distinct cards are in.
    #[inline(always)]
    pub fn rank(self) -> Rank {
        rank_of_key(self.key)
    }
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
        let top = mask.ilog2();
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
    for_each_multiset(&[4; 13], n, false, &mut |counts, _| f(counts));
}

/// The low of a dense rank.
pub fn low_of_rank(rank: i64) -> Result<Low> {
    if !(BEST_RANK as i64..=WORST_RANK as i64).contains(&rank) {
        return Err(Error::RankOutOfRange(rank.to_string()));
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
