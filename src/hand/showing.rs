//! Partial lows of up cards: who opens the betting from fourth street on.
//!
//! One to four up cards compare like a razz hand with fewer cards: fewer
//! pairs is better (unpaired, one pair, two pair, trips, quads), then the
//! grouped ranks and the kickers from the highest down, ace lowest. So 7-6
//! beats J-3 and J-3 beats 3-3. Suits never matter here (they only break
//! ties for the bring-in, which goes by the highest card index).

use crate::card::{rank_of, Card};

/// Orders showing hands of the same size: lower is better.
pub type ShowingValue = u64;

/// The value of 0 to 4 up cards (more than four is a caller's bug: only the
/// first four count).
pub fn showing_value(up: &[Card]) -> ShowingValue {
    up.iter()
        .take(4)
        .fold(Showing::EMPTY, |shown, &c| shown.with(c))
        .value()
}

/// Four 16-bit lanes of rank masks by multiplicity: lane `k` holds the ranks
/// shown more than `k` times (ace = bit 0).
const LANES: u64 = 0x0001_0001_0001_0001;
const RANKS: u64 = 0x1FFF;

/// A seat's up cards, added one at a time as they are dealt, so that the
/// opener of each street is a comparison of stored values rather than a
/// recount of every board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Showing {
    /// The four multiplicity lanes, lane 0 lowest.
    lanes: u64,
}

impl Showing {
    pub const EMPTY: Showing = Showing { lanes: 0 };

    /// With one more up card (at most four in all).
    #[inline(always)]
    #[must_use]
    pub fn with(self, card: Card) -> Showing {
        // The card's rank bit joins lane 0, and every lane above a lane that
        // already held it.
        let bit = (1u64 << rank_of(card)) * LANES;
        Showing {
            lanes: self.lanes | ((self.lanes << 16 | RANKS) & bit),
        }
    }

    /// The ranks shown, one bit per rank (ace = bit 0).
    #[inline(always)]
    pub fn ranks(self) -> u16 {
        (self.lanes & RANKS) as u16
    }

    /// Whether some rank is shown twice or more.
    #[inline(always)]
    pub fn is_paired(self) -> bool {
        self.lanes >> 16 != 0
    }

    /// Lower is better; the lanes read as one number are nearly the order
    /// already: quads (lane 3) lose to any trips (lane 2), trips to any pair
    /// (lane 1), and within a class the rank masks compare from their
    /// highest rank down, groups before kickers, which is the razz order.
    /// The one gap is two pair against one pair (a mask of two low ranks is
    /// a smaller number than one high rank), closed by a flag bit above the
    /// pair lane.
    #[inline(always)]
    pub fn value(self) -> ShowingValue {
        self.lanes | self.two_pair_flag()
    }

    /// [`Showing::value`] of at most three up cards, which cannot hold two
    /// pair: the lanes as they are (fourth and fifth street's deals).
    #[inline(always)]
    pub fn value_of_three(self) -> ShowingValue {
        debug_assert_eq!(self.two_pair_flag(), 0, "three cards hold no two pair");
        self.lanes
    }

    #[inline(always)]
    fn two_pair_flag(self) -> u64 {
        let pairs = (self.lanes >> 16) & RANKS;
        let two_pair = (pairs & pairs.wrapping_sub(1) != 0) as u64;
        two_pair << 29
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn v(text: &str) -> ShowingValue {
        showing_value(&parse_cards(text).unwrap())
    }

    #[test]
    fn rule_book_examples() {
        assert!(v("7c 6d") < v("Js 3h"));
        assert!(v("Js 3h") < v("3c 3d"));
        assert!(v("Ac") < v("2c"));
        assert!(v("Kc Qd") < v("Ac Ad"));
        assert!(v("8c 6d 4h 3s") < v("8d 7c 3h 2s"));
        assert!(v("Kc Qd Jh Ts") < v("Ac Ad 2h 3s"));
        assert!(
            v("2c 2d 3h 4s") < v("2h 2s 3c 5d"),
            "kickers after the pair"
        );
        assert!(v("Ac Ad 5h 6s") < v("2c 2d 3h 4s"), "lower pair first");
        assert!(
            v("Kc Kd 2h 3s") < v("Ac Ad 2s 2h"),
            "one pair beats two pair"
        );
        assert!(v("Qc Qd Jh Js") < v("Ac Ad Ah 2s"), "two pair beats trips");
        assert!(v("Kc Kd Kh 2s") < v("Ac Ad Ah As"), "trips beat quads");
        assert_eq!(v("As 7d"), v("7c Ah"), "suits and order never matter");
    }

    /// The rule spelled out: count ranks, order the groups, then compare.
    fn plain(up: &[Card]) -> u32 {
        let mut counts = [0u32; 13];
        for &c in up {
            counts[rank_of(c) as usize] += 1;
        }
        let mut order: Vec<(u32, u32)> = (0..13)
            .filter(|&r| counts[r] > 0)
            .map(|r| (counts[r], r as u32))
            .collect();
        order.sort_unstable_by(|a, b| b.cmp(a));
        let pairs = order.iter().filter(|g| g.0 == 2).count() as u32;
        let category = match order[0].0 {
            n @ (3 | 4) => n,
            _ => pairs,
        };
        let ranks: Vec<u32> = order
            .iter()
            .flat_map(|&(n, r)| std::iter::repeat_n(r, n as usize))
            .collect();
        let packed = ranks.iter().fold(0, |p, &r| p << 4 | r) << (4 * (4 - ranks.len() as u32));
        category << 16 | packed
    }

    #[test]
    fn every_board_of_one_to_four_cards_matches_the_plain_rule() {
        let mut boards: Vec<Vec<Card>> = vec![vec![]];
        for _ in 0..4 {
            boards = boards
                .iter()
                .flat_map(|b| {
                    let last = b.last().map_or(0, |&c| c + 1);
                    (last..52).map(move |c| [b.clone(), vec![c]].concat())
                })
                .filter(|b| b.len() <= 4)
                .collect();
            // The same order and the same ties as the plain rule.
            let mut values: Vec<(u32, ShowingValue)> = boards
                .iter()
                .map(|b| (plain(b), showing_value(b)))
                .collect();
            values.sort_unstable();
            for w in values.windows(2) {
                assert_eq!(w[0].0 < w[1].0, w[0].1 < w[1].1, "{w:?}");
                assert_eq!(w[0].0 == w[1].0, w[0].1 == w[1].1, "{w:?}");
            }
        }
    }
}
