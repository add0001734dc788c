//! The responder's belief about the opponent's hidden down cards (heads-up):
//! a weight for every holding the responder cannot rule out, updated by
//! Bayes' rule on the strategy's probability of each action it takes.
//!
//! Weights are kept as likelihoods: the product of the strategy's
//! probabilities of the actions seen so far, given the holding. The prior
//! of a holding is uniform over the card combinations the responder has
//! not seen, so on streets 3 to 6 a holding's weight is its likelihood
//! times the number of unseen card combinations it stands for (one for a
//! holding of cards; for a rank class, the ways to pick those ranks from
//! the unseen cards), worked out again as cards come into view. On seventh
//! street each holding grows by the third down card (dealt unseen, as the
//! responder's own) and the weights become plain numbers: no card is seen
//! after that until the showdown.
//!
//! A suit-blind strategy (`Probabilities::suit_blind`) answers the same for
//! every holding of a rank class, so its range is kept by rank class: 91
//! rank pairs, then 455 rank triples. Any other strategy's range is kept by
//! card holding: 1,326 pairs, then each pair with each unseen third card.

use crate::card::Card;

/// The cards the responder has not seen: a card mask and its rank counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unseen {
    pub mask: u64,
    pub counts: [u8; 13],
}

impl Unseen {
    /// Every card but `seen`.
    pub fn without(seen: impl IntoIterator<Item = Card>) -> Unseen {
        let mut mask = (1u64 << 52) - 1;
        for c in seen {
            mask &= !(1u64 << c);
        }
        let mut counts = [0u8; 13];
        for (r, count) in counts.iter_mut().enumerate() {
            *count = ((mask >> (4 * r)) & 0xF).count_ones() as u8;
        }
        Unseen { mask, counts }
    }

    pub fn has(&self, card: Card) -> bool {
        self.mask & (1u64 << card) != 0
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.mask.count_ones() as usize
    }
}

/// One holding: its cards (for a rank class, its ranks as cards of suit 0,
/// `4 × rank`), how many (2 or 3), and its likelihood or weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    pub cards: [Card; 3],
    pub weight: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Range {
    by_class: bool,
    /// Down cards a holding has: 2 (weights are likelihoods) or 3.
    down: usize,
    entries: Vec<Entry>,
}

/// A holding that the responder cannot rule out now: its entry, the cards
/// the strategy is shown (a class's lowest unseen cards of its ranks), and
/// its weight (positive).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Live {
    pub entry: usize,
    pub cards: [Card; 3],
    pub weight: f64,
}

fn rank(card: Card) -> usize {
    usize::from(card / 4)
}

/// `n` choose `k` for the small counts here.
fn choose(n: u8, k: u8) -> f64 {
    match k {
        0 => 1.0,
        1 => f64::from(n),
        2 => f64::from(n) * f64::from(n.saturating_sub(1)) / 2.0,
        _ => f64::from(n) * f64::from(n.saturating_sub(1)) * f64::from(n.saturating_sub(2)) / 6.0,
    }
}

/// How many card holdings of the rank class `ranks` (sorted) the unseen
/// cards hold, and the lowest such holding.
fn class_count(ranks: &[Card], unseen: &Unseen) -> (f64, [Card; 3]) {
    let mut count = 1.0;
    let mut cards = [0; 3];
    let mut taken = 0u64;
    let mut i = 0;
    while i < ranks.len() {
        let r = rank(ranks[i]);
        let same = ranks[i..].iter().take_while(|&&c| rank(c) == r).count() as u8;
        count *= choose(unseen.counts[r], same);
        for _ in 0..same {
            let free = (unseen.mask & !taken) >> (4 * r) & 0xF;
            if free == 0 {
                return (0.0, cards);
            }
            let card = (4 * r + free.trailing_zeros() as usize) as Card;
            taken |= 1u64 << card;
            cards[i] = card;
            i += 1;
        }
    }
    (count, cards)
}

impl Range {
    /// Every holding of two down cards, each of likelihood one.
    pub fn new(by_class: bool) -> Range {
        let mut entries = Vec::with_capacity(if by_class { 91 } else { 1326 });
        let step = if by_class { 4 } else { 1 };
        for a in (0..52).step_by(step) {
            let from = if by_class { a } else { a + 1 };
            for b in (from..52).step_by(step) {
                entries.push(Entry {
                    cards: [a as Card, b as Card, 0],
                    weight: 1.0,
                });
            }
        }
        Range {
            by_class,
            down: 2,
            entries,
        }
    }

    /// Down cards per holding (2, or 3 from seventh street).
    #[cfg(any(test, feature = "python"))]
    pub fn down(&self) -> usize {
        self.down
    }

    #[cfg(test)]
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The holdings of positive weight given what the responder has not
    /// seen, into `out` (cleared first).
    pub fn live(&self, unseen: &Unseen, out: &mut Vec<Live>) {
        out.clear();
        for (i, e) in self.entries.iter().enumerate() {
            if e.weight <= 0.0 {
                continue;
            }
            let held = &e.cards[..self.down];
            let (count, cards) = if self.by_class {
                class_count(held, unseen)
            } else if held.iter().all(|&c| unseen.has(c)) {
                (1.0, e.cards)
            } else {
                (0.0, e.cards)
            };
            // Seventh-street weights already count the combinations.
            let count = if self.down == 3 {
                count.min(1.0)
            } else {
                count
            };
            if count > 0.0 {
                out.push(Live {
                    entry: i,
                    cards,
                    weight: e.weight * count,
                });
            }
        }
    }

    /// Multiplies entry `i`'s likelihood by `p` (the strategy's probability
    /// of the action seen, given that holding).
    pub fn scale(&mut self, i: usize, p: f64) {
        self.entries[i].weight *= p;
    }

    /// After an update: entries of no live weight drop to zero and the rest
    /// are rescaled so the largest is one, which keeps long hands from
    /// underflowing (Bayes' rule is blind to a common factor). If nothing
    /// is left, which a strategy sampled from its own probabilities cannot
    /// do unless they underflow, every holding gets likelihood one again.
    pub fn normalise(&mut self, live: &[Live]) {
        let mut alive = vec![false; self.entries.len()];
        for l in live {
            alive[l.entry] = true;
        }
        let mut top: f64 = 0.0;
        for (e, &a) in self.entries.iter_mut().zip(&alive) {
            if !a {
                e.weight = 0.0;
            }
            top = top.max(e.weight);
        }
        if top > 0.0 && top.is_finite() {
            for e in &mut self.entries {
                e.weight /= top;
            }
        } else {
            for e in &mut self.entries {
                e.weight = 1.0;
            }
        }
    }

    /// Seventh street is dealt: each holding of two grows by a third unseen
    /// down card. A card holding's weight passes to each of its
    /// completions; a rank pair `p` passes `likelihood × holdings of p ×
    /// unseen cards of rank r left by them` to the triple `p + r`.
    pub fn grow_to_seventh(&mut self, unseen: &Unseen) {
        if self.down == 3 {
            return;
        }
        let mut grown = Vec::new();
        if self.by_class {
            // Triples a ≤ b ≤ c, in order.
            // The entry of triple (a, b, c) at a·169 + b·13 + c.
            let mut index = vec![usize::MAX; 13 * 13 * 13];
            for a in 0..13 {
                for b in a..13 {
                    for c in b..13 {
                        index[a * 169 + b * 13 + c] = grown.len();
                        grown.push(Entry {
                            cards: [4 * a as Card, 4 * b as Card, 4 * c as Card],
                            weight: 0.0,
                        });
                    }
                }
            }
            for e in &self.entries {
                let (count, _) = class_count(&e.cards[..2], unseen);
                if e.weight <= 0.0 || count == 0.0 {
                    continue;
                }
                let (a, b) = (rank(e.cards[0]), rank(e.cards[1]));
                for r in 0..13 {
                    let used = u8::from(a == r) + u8::from(b == r);
                    let left = unseen.counts[r].saturating_sub(used);
                    if left == 0 {
                        continue;
                    }
                    let mut t = [a, b, r];
                    t.sort_unstable();
                    grown[index[t[0] * 169 + t[1] * 13 + t[2]]].weight +=
                        e.weight * count * f64::from(left);
                }
            }
        } else {
            for e in &self.entries {
                let [a, b, _] = e.cards;
                if e.weight <= 0.0 || !unseen.has(a) || !unseen.has(b) {
                    continue;
                }
                for d in 0..52 {
                    if d != a && d != b && unseen.has(d) {
                        grown.push(Entry {
                            cards: [a, b, d],
                            weight: e.weight,
                        });
                    }
                }
            }
        }
        self.entries = grown;
        self.down = 3;
    }
}

#[cfg(test)]
// The floats compared here are exact: whole counts, zeros and ones.
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;

    #[test]
    fn classes_count_the_unseen_holdings() {
        let unseen = Unseen::without([0, 1, 2, 5]);
        assert_eq!(unseen.counts[0], 1);
        assert_eq!(unseen.counts[1], 3);
        let range = Range::new(true);
        assert_eq!(range.entries().len(), 91);
        assert_eq!(Range::new(false).entries().len(), 1326);
        let mut live = Vec::new();
        range.live(&unseen, &mut live);
        // Aces: one left, so no pair of aces; every holding counted once.
        let total: f64 = live.iter().map(|l| l.weight).sum();
        let n = unseen.len() as f64;
        assert_eq!(total, n * (n - 1.0) / 2.0);
        assert!(live
            .iter()
            .all(|l| l.cards[..2].iter().all(|&c| unseen.has(c))));
        let mut cards = Range::new(false);
        cards.live(&unseen, &mut live);
        assert_eq!(live.len() as f64, n * (n - 1.0) / 2.0);
        // Seventh street: triples of both kinds add up to the same.
        let mut by_class = Range::new(true);
        by_class.grow_to_seventh(&unseen);
        cards.grow_to_seventh(&unseen);
        assert_eq!(by_class.entries().len(), 455);
        let sum = |r: &Range| r.entries().iter().map(|e| e.weight).sum::<f64>();
        assert_eq!(sum(&by_class), sum(&cards));
        assert_eq!(sum(&cards), n * (n - 1.0) / 2.0 * (n - 2.0));
    }
}
