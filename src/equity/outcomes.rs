//! The last player of an exact enumeration, summed instead of looped over:
//! its rank multisets in the order of the ranks they make, each stored as
//! indices into a table of binomials for the cards still unseen, so that the
//! ways one multiset can be dealt are a product of table loads; the
//! multisets that beat, tie or trail a rank are three contiguous ranges.

use crate::eval::{Rank, NUM_RANKS};

use super::multiset::{choose, Multiset, C};

/// Where a part's index points when the multiset has fewer than `S` parts:
/// an entry that is always 1 (C(n, 0)).
const ONE: u8 = 13 * 5;

/// How many ways each (rank, count) part can be dealt from the cards left:
/// entry `5 r + c` is C(cards of rank r left, c), entry [`ONE`] is 1. The
/// 256 entries make any `u8` index valid, so the loads need no bounds check.
pub(super) struct Ways([u32; 256]);

impl Ways {
    /// The table for the unseen cards `avail` (packed four bits per rank).
    #[inline]
    pub(super) fn new(avail: u64) -> Ways {
        let mut t = [0u32; 256];
        for r in 0..13 {
            let left = ((avail >> (4 * r)) & 15) as usize;
            for c in 0..5 {
                t[5 * r + c] = C[left][c] as u32;
            }
        }
        t[ONE as usize] = 1;
        Ways(t)
    }
}

/// The last player's outcomes, with at most `S` distinct ranks each.
pub(super) struct Outcomes<const S: usize> {
    /// Cards the player receives.
    size: u64,
    /// Per multiset, in rank order: its parts as indices into [`Ways`].
    parts: Vec<[u8; S]>,
    /// `below[b]`: how many multisets make a rank better (lower) than `b`.
    below: Vec<u32>,
}

impl<const S: usize> Outcomes<S> {
    /// `list` holds every multiset of `size` ranks the unseen cards allow,
    /// each with the rank it makes for this player.
    pub(super) fn new(list: &[Multiset], size: usize) -> Outcomes<S> {
        let mut order: Vec<&Multiset> = list.iter().collect();
        order.sort_by_key(|m| m.rank);
        let parts = order
            .iter()
            .map(|m| {
                let mut q = [ONE; S];
                for (slot, &(r, c)) in q.iter_mut().zip(m.parts()) {
                    *slot = 5 * r + c;
                }
                q
            })
            .collect();
        let mut below = vec![0u32; NUM_RANKS + 2];
        for m in &order {
            below[m.rank as usize + 1] += 1;
        }
        for b in 1..below.len() {
            below[b] += below[b - 1];
        }
        Outcomes {
            size: size as u64,
            parts,
            below,
        }
    }

    /// The positions of the multisets that make exactly `rank`.
    #[inline(always)]
    pub(super) fn tying(&self, rank: Rank) -> (u32, u32) {
        (self.below[rank as usize], self.below[rank as usize + 1])
    }

    /// The ways of the multisets at positions `from..to`.
    #[inline(always)]
    fn sum(&self, ways: &Ways, from: u32, to: u32) -> u64 {
        self.parts[from as usize..to as usize]
            .iter()
            .map(|q| q.iter().fold(1u32, |p, &i| p * ways.0[i as usize]) as u64)
            .sum()
    }

    /// Every deal of this player's cards from `avail`: C(Σ left, size)
    /// (Vandermonde), so one side of a split costs nothing.
    #[inline(always)]
    pub(super) fn total(&self, avail: u64) -> u64 {
        let left = (0..13).map(|r| (avail >> (4 * r)) & 15).sum();
        choose(left, self.size)
    }

    /// The ways the player's cards, dealt from `avail`, make a rank better
    /// than, equal to, and worse than `best`. The ties are summed, and the
    /// shorter of the two other ranges; the third is what is left of the total.
    #[inline]
    pub(super) fn split(&self, avail: u64, best: Rank) -> (u64, u64, u64) {
        let ways = Ways::new(avail);
        let (lo, hi) = self.tying(best);
        let len = self.parts.len() as u32;
        let equal = self.sum(&ways, lo, hi);
        let rest = self.total(avail) - equal;
        if lo <= len - hi {
            let better = self.sum(&ways, 0, lo);
            (better, equal, rest - better)
        } else {
            let worse = self.sum(&ways, hi, len);
            (rest - worse, equal, worse)
        }
    }

    /// For each position `at[i]` (increasing), the ways of the multisets
    /// before it, into `out[i]`. Prefixes are summed from the front up to
    /// some position and from the back (taken from the total) down to the
    /// next one, cut at the widest gap, which is then never summed.
    pub(super) fn prefixes(&self, avail: u64, at: &[u32], out: &mut [u64]) {
        let len = self.parts.len() as u32;
        let m = at.len();
        // Cut after `cut` positions: the front covers at[..cut], the back the rest.
        let (mut cut, mut cost) = (0, len - at.first().copied().unwrap_or(len));
        for j in 1..=m {
            let back = if j < m { len - at[j] } else { 0 };
            if at[j - 1] + back < cost {
                (cut, cost) = (j, at[j - 1] + back);
            }
        }
        let ways = Ways::new(avail);
        let (mut acc, mut prev) = (0u64, 0u32);
        for i in 0..cut {
            acc += self.sum(&ways, prev, at[i]);
            out[i] = acc;
            prev = at[i];
        }
        if cut < m {
            let total = self.total(avail);
            let (mut acc, mut prev) = (0u64, len);
            for i in (cut..m).rev() {
                acc += self.sum(&ways, at[i], prev);
                out[i] = total - acc;
                prev = at[i];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::multiset::multisets;
    use crate::eval::LowKey;

    /// The ways `avail` deals `m`, one part at a time.
    fn ways(avail: u64, m: &Multiset) -> u64 {
        m.parts()
            .iter()
            .map(|&(r, c)| C[((avail >> (4 * r)) & 15) as usize][c as usize])
            .product()
    }

    #[test]
    fn splits_and_prefixes_are_the_plain_sums() {
        // A player holding 7 8 9 with four cards to come, 40 cards unseen.
        let mut counts = [4u8; 13];
        for r in [6, 7, 8, 12, 12, 11] {
            counts[r] -= 1;
        }
        let known = [24u8, 28, 32].iter().fold(LowKey::EMPTY, |k, &c| k.with(c));
        let mut list = multisets(&counts, 4);
        for m in &mut list {
            let key = m
                .parts()
                .iter()
                .fold(known, |k, &(r, c)| (0..c).fold(k, |k, _| k.with(4 * r)));
            m.rank = key.rank();
        }
        let out = Outcomes::<4>::new(&list, 4);
        let mut sorted = list.clone();
        sorted.sort_by_key(|m| m.rank);
        // The cards another player's A-2-2 leave.
        let avail = counts
            .iter()
            .enumerate()
            .fold(0u64, |p, (r, &n)| p | (n as u64) << (4 * r))
            - (1 + (2 << 4));
        let plain = |f: &dyn Fn(Rank) -> bool| -> u64 {
            sorted
                .iter()
                .filter(|m| f(m.rank))
                .map(|m| ways(avail, m))
                .sum()
        };
        for best in [
            1,
            200,
            sorted[0].rank,
            sorted[900].rank,
            sorted[1200].rank,
            6175,
        ] {
            let expected = (
                plain(&|r| r < best),
                plain(&|r| r == best),
                plain(&|r| r > best),
            );
            assert_eq!(out.split(avail, best), expected, "best {best}");
        }
        for at in [
            vec![0, 5, 1000, 1820],
            vec![700, 701],
            vec![3],
            vec![1820],
            vec![],
        ] {
            let at: Vec<u32> = at
                .into_iter()
                .filter(|&p| p <= sorted.len() as u32)
                .collect();
            let mut got = vec![0; at.len()];
            out.prefixes(avail, &at, &mut got);
            let expected: Vec<u64> = at
                .iter()
                .map(|&p| sorted[..p as usize].iter().map(|m| ways(avail, m)).sum())
                .collect();
            assert_eq!(got, expected, "at {at:?}");
        }
    }
}
