//! Partial lows of up cards: who opens the betting from fourth street on.
//!
//! One to four up cards compare like a razz hand with fewer cards: fewer
//! pairs is better (unpaired, one pair, two pair, trips, quads), then the
//! grouped ranks and the kickers from the highest down, ace lowest. So 7-6
//! beats J-3 and J-3 beats 3-3. Suits never matter here (they only break
//! ties for the bring-in, which goes by the highest card index).

use crate::card::{rank_of, Card};

/// Orders showing hands of the same size: lower is better. Values of hands
/// of different sizes are not comparable.
pub type ShowingValue = u32;

/// The value of 0 to 4 up cards (more than four is a caller's bug: only the
/// first four count).
pub fn showing_value(up: &[Card]) -> ShowingValue {
    let mut counts = [0u8; 13];
    for &c in up.iter().take(4) {
        counts[rank_of(c) as usize] += 1;
    }
    // Ranks in comparison order: larger groups first, then higher ranks.
    let (mut packed, mut slots, mut pairs, mut largest) = (0u32, 0u32, 0u32, 0u8);
    for group in (1..=4u8).rev() {
        for r in (0..13u8).rev() {
            if counts[r as usize] == group {
                for _ in 0..group {
                    packed = packed << 4 | r as u32;
                    slots += 1;
                }
                pairs += (group == 2) as u32;
                largest = largest.max(group);
            }
        }
    }
    let category = match largest {
        4 => 4,
        3 => 3,
        _ => pairs,
    };
    packed <<= 4 * (4 - slots);
    category << 16 | packed
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
}
