//! The rank multisets of exact equity and the binomials that weigh them:
//! a multiset a player may receive stands for Π C(n_r, x_r) card deals
//! among the unseen counts n_r. Below both the enumeration (`exact`) and
//! the summed last player (`outcomes`), which share these.

use crate::eval::Rank;
use crate::rank_multisets::for_each_multiset;

/// A rank multiset a player may receive: its counts packed four bits per
/// rank, and its (rank, count) entries for the weight.
#[derive(Clone, Debug)]
pub(super) struct Multiset {
    pub(super) packed: u64,
    /// (rank, count) for each rank present (a pair of players may hold all 13),
    /// then (0, 0) entries.
    pub(super) parts: [(u8, u8); 13],
    n_parts: u8,
    /// The player's rank with these cards (set once the player is known).
    pub(super) rank: Rank,
}

impl Multiset {
    /// The multiset of these (rank, count) entries, its rank not yet
    /// known. (From the entries the walk keeps, not the 13 counts: exact
    /// equity lists tens of thousands of multisets a call.)
    #[inline]
    fn of_parts(present: &[(u8, u8)]) -> Multiset {
        let mut parts = [(0, 0); 13];
        parts[..present.len()].copy_from_slice(present);
        Multiset {
            packed: present
                .iter()
                .fold(0, |p, &(r, n)| p + (u64::from(n) << (4 * r))),
            parts,
            n_parts: present.len() as u8,
            rank: 0,
        }
    }

    /// The (rank, count) entries of the ranks present.
    pub(super) fn parts(&self) -> &[(u8, u8)] {
        &self.parts[..self.n_parts as usize]
    }
}

/// Every multiset of `size` ranks with at most `counts[r]` of rank r, each
/// rank from its most (the order that numbers an exact run's units).
pub(super) fn multisets(counts: &[u8; 13], size: usize) -> Vec<Multiset> {
    // No multiset holds more than 13 × 4 cards, so a larger size lists none,
    // as 255 does.
    let size = u8::try_from(size).unwrap_or(u8::MAX);
    let mut out = Vec::new();
    for_each_multiset(counts, size, true, &mut |_, parts| {
        out.push(Multiset::of_parts(parts));
    });
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
/// C[n][k]: the ways to deal k of the n unseen cards of one rank.
pub(super) static C: [[u64; 5]; 5] = binomials();

/// The number of `k`-card deals from `n` cards.
pub(super) fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}
