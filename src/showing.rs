//! Partial lows of up cards: who opens the betting from fourth street on.
//!
//! One to four up cards compare like a razz hand with fewer cards: fewer
//! pairs is better (unpaired, one pair, two pair, trips, quads), then the
//! grouped ranks and the kickers from the highest down, ace lowest. So 7-6
//! beats J-3 and J-3 beats 3-3. Suits never matter here (they only break
//! ties for the bring-in, which goes by the highest card index).

use crate::card::{rank_of, Card};

/// Orders showing hands of the same size: lower is better.
pub type ShowingValue = u32;

/// The value of 0 to 4 up cards (more than four is a caller's bug: only the
/// first four count).
pub fn showing_value(up: &[Card]) -> ShowingValue {
    up.iter()
        .take(4)
        .fold(Showing::EMPTY, |shown, &c| shown.with(c))
        .value()
}

/// A seat's up cards, added one at a time as they are dealt, so that the
/// opener of each street is a comparison of stored values rather than a
/// recount of every board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Showing {
    /// Rank masks by multiplicity: `layers[k]` holds the ranks shown more
    /// than `k` times.
    layers: [u16; 4],
}

impl Showing {
    pub const EMPTY: Showing = Showing { layers: [0; 4] };

    /// With one more up card (at most four in all).
    #[inline(always)]
    #[must_use]
    pub fn with(self, card: Card) -> Showing {
        let [l0, l1, l2, l3] = self.layers;
        let b = 1u16 << rank_of(card);
        Showing {
            layers: [l0 | b, l1 | (l0 & b), l2 | (l1 & b), l3 | (l2 & b)],
        }
    }

    /// The ranks shown, one bit per rank (ace = bit 0).
    #[inline(always)]
    pub fn ranks(self) -> u16 {
        self.layers[0]
    }

    /// Whether some rank is shown twice or more.
    #[inline(always)]
    pub fn is_paired(self) -> bool {
        self.layers[1] != 0
    }

    #[inline(always)]
    pub fn value(self) -> ShowingValue {
        let [l0, l1, l2, l3] = self.layers.map(u32::from);
        // Comparing rank masks as numbers compares their highest ranks first,
        // which is the razz order of groups and of kickers alike. Four cards
        // hold at most two pairs, so the pair count needs no popcount.
        let (category, grouped) = if l3 != 0 {
            (4, l3)
        } else if l2 != 0 {
            (3, l2)
        } else {
            ((l1 != 0) as u32 + (l1 & l1.wrapping_sub(1) != 0) as u32, l1)
        };
        category << 28 | grouped << 14 | (l0 & !grouped)
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
    fn plain(up: &[Card]) -> ShowingValue {
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
            let mut values: Vec<(ShowingValue, ShowingValue)> = boards
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
