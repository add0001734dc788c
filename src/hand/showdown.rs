//! The end of a hand: showdown order, ranking, pots and awards with odd
//! chips (docs/ENGINE.md §7).

use super::Hand;
use crate::card::Card;
use crate::eval::{rank_unchecked, Rank};
use crate::event::EventKind;
use crate::pots::{build_pots, split, Pot, MAX_SEATS};
use crate::rules::OddChip;

impl Hand {
    /// The seat's seven cards (down, up, and the community card).
    fn seven_cards(&self, seat: usize) -> ([Card; 7], usize) {
        let mut cards = [0; 7];
        let mut n = 0;
        for &c in self
            .down_cards(seat)
            .iter()
            .chain(self.up_cards(seat))
            .chain(self.community_cards())
        {
            cards[n] = c;
            n += 1;
        }
        (cards, n)
    }

    /// Shows (if two or more remain), awards every pot, and ends the hand.
    pub(super) fn finish(&mut self) {
        let in_hand = self.in_hand_mask();
        let mut ranks = [Rank::MAX; MAX_SEATS];
        if in_hand.count_ones() >= 2 {
            let first = self
                .last_aggressor
                .map(|s| s as usize)
                .unwrap_or_else(|| in_hand.trailing_zeros() as usize);
            for i in 0..self.n {
                let s = (first + i) % self.n;
                if self.in_hand(s) {
                    self.showdown[self.n_showdown] = s as u8;
                    self.n_showdown += 1;
                    let down = self.down[s];
                    let n_down = self.n_down[s] as usize;
                    self.record(EventKind::Show, Some(s), 0, &down[..n_down]);
                    let (cards, n) = self.seven_cards(s);
                    ranks[s] = rank_unchecked(&cards[..n]);
                    self.best_shown = Some(self.best_shown.map_or(ranks[s], |b| b.min(ranks[s])));
                }
            }
        }
        self.all_in_at_end = (0..self.n)
            .filter(|&s| self.in_hand(s) && self.stack[s] == 0)
            .fold(0, |m, s| m | Self::seat_bit(s));
        let mut pots = [Pot::default(); MAX_SEATS];
        let n_pots = build_pots(&self.contributed[..self.n], in_hand, &mut pots);
        let order = self.odd_chip_order();
        for pot in pots.iter_mut().take(n_pots) {
            let best = (0..self.n)
                .filter(|&s| pot.eligible & Self::seat_bit(s) != 0)
                .map(|s| ranks[s])
                .min()
                .unwrap_or(Rank::MAX);
            pot.winners = (0..self.n)
                .filter(|&s| pot.eligible & Self::seat_bit(s) != 0 && ranks[s] == best)
                .fold(0, |m, s| m | Self::seat_bit(s));
            let shares = split(pot.amount, pot.winners, &order[..self.n]);
            for (s, &share) in shares.iter().enumerate().take(self.n) {
                if pot.winners & Self::seat_bit(s) != 0 {
                    self.stack[s] += share;
                    self.record(EventKind::Award, Some(s), share, &[]);
                }
            }
        }
        self.awarded = pots;
        self.n_awarded = n_pots;
        self.contributed = [0; MAX_SEATS];
        self.bet = [0; MAX_SEATS];
        self.queue_len = 0;
        self.street = 0;
    }

    /// Seats in the order they receive odd chips.
    fn odd_chip_order(&self) -> [usize; MAX_SEATS] {
        let mut order: [usize; MAX_SEATS] = std::array::from_fn(|s| s);
        if self.rules.odd_chip == OddChip::LowCard {
            // Each seat's lowest own card (the shared community card never decides).
            let lowest = |s: usize| {
                self.down_cards(s)
                    .iter()
                    .chain(self.up_cards(s))
                    .min()
                    .copied()
                    .unwrap_or(Card::MAX)
            };
            order[..self.n].sort_by_key(|&s| (lowest(s), s));
        }
        order
    }
}
