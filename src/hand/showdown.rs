//! The end of a hand: showdown order, ranking, pots and awards with odd
//! chips (docs/ENGINE.md §7).

use super::Hand;
use crate::card::{rank_of, Card};
use crate::eval::{best_five, Rank};
use crate::event::EventKind;
use crate::pots::{build_pots, split, MAX_SEATS};
use crate::rules::{OddChip, Showdown};

impl Hand {
    /// Shows (if two or more remain), awards every pot, and ends the hand.
    pub(super) fn finish(&mut self) {
        let live = self.live;
        let mut ranks = [Rank::MAX; MAX_SEATS];
        // The best rank among the seats still in and who holds it: the
        // winners of every pot all of them are eligible for (nearly always
        // the only pot). A lone seat left wins with no showdown.
        let (mut best_live, mut best_seats) = (Rank::MAX, live);
        if live & (live - 1) != 0 {
            let first = match self.last_aggressor {
                Some(seat) => usize::from(seat),
                None if self.rules.showdown == Showdown::Opener => self.opener(),
                None => live.trailing_zeros() as usize,
            };
            // Clockwise from `first`: the seats at or above it, then those below.
            let below = ((1u16 << first) - 1) as u8;
            let mut shown = 0;
            for mut part in [live & !below, live & below] {
                while part != 0 {
                    let s = part.trailing_zeros() as usize;
                    part &= part - 1;
                    // Counted in a local (at most eight seats: the mask
                    // changes nothing but drops the bounds check).
                    self.showdown[shown & (MAX_SEATS - 1)] = s as u8;
                    shown += 1;
                    if self.record_history {
                        let down = self.down[s];
                        let n_down = self.n_down[s] as usize;
                        self.record(EventKind::Show, Some(s), 0, &down[..n_down]);
                    }
                    // Every seat still in at the showdown holds seven cards.
                    let rank = self.keys[s].rank();
                    ranks[s] = rank;
                    let bit = Self::seat_bit(s);
                    if rank < best_live {
                        (best_live, best_seats) = (rank, bit);
                    } else if rank == best_live {
                        best_seats |= bit;
                    }
                }
            }
            self.n_showdown = shown;
            self.best_shown = Some(best_live);
        }
        self.all_in_at_end = live & !self.has_chips;
        // Built in place: the slots past `n_awarded` are never read, so
        // they need no clearing.
        let n_pots = build_pots(&self.contributed[..self.n], live, &mut self.awarded);
        self.n_awarded = n_pots;
        for i in 0..n_pots {
            let pot = self.awarded[i];
            let winners = if pot.eligible == live {
                best_seats
            } else {
                Self::best_of(&ranks, pot.eligible)
            };
            self.awarded[i].winners = winners;
            if winners & (winners - 1) == 0 {
                // One winner takes the pot: no shares, no odd chips.
                let s = winners.trailing_zeros() as usize;
                self.stack[s] += pot.amount;
                self.record(EventKind::Award, Some(s), pot.amount, &[]);
                continue;
            }
            let order = self.odd_chip_order();
            let shares = split(pot.amount, winners, &order[..self.n]);
            for (s, &share) in shares.iter().enumerate().take(self.n) {
                if winners & Self::seat_bit(s) != 0 {
                    self.stack[s] += share;
                    self.record(EventKind::Award, Some(s), share, &[]);
                }
            }
        }
        self.contributed = [0; MAX_SEATS];
        self.bet = [0; MAX_SEATS];
        self.queue = 0;
        self.street = 0;
    }

    /// The seats of `seats` with the best (lowest) rank.
    fn best_of(ranks: &[Rank; MAX_SEATS], seats: u8) -> u8 {
        let (mut best, mut winners, mut seats) = (Rank::MAX, 0u8, seats);
        while seats != 0 {
            let s = seats.trailing_zeros() as usize;
            seats &= seats - 1;
            let bit = Self::seat_bit(s);
            if ranks[s] < best {
                (best, winners) = (ranks[s], bit);
            } else if ranks[s] == best {
                winners |= bit;
            }
        }
        winners
    }

    /// Seats in the order they receive odd chips.
    fn odd_chip_order(&self) -> [usize; MAX_SEATS] {
        let mut order: [usize; MAX_SEATS] = std::array::from_fn(|s| s);
        match self.rules.odd_chip {
            OddChip::Seat => {}
            OddChip::LowCard => {
                // Each seat's lowest own card (the shared community card
                // never decides).
                let lowest = |s: usize| self.own_cards(s).min().unwrap_or(Card::MAX);
                order[..self.n].sort_by_key(|&s| (lowest(s), s));
            }
            OddChip::HighCard => {
                order[..self.n].sort_by_key(|&s| (std::cmp::Reverse(self.high_card(s)), s));
            }
        }
        order
    }

    /// The seat's own cards: down and up, never the shared community card.
    fn own_cards(&self, seat: usize) -> impl Iterator<Item = Card> + '_ {
        self.down_cards(seat)
            .iter()
            .chain(self.up_cards(seat))
            .copied()
    }

    /// `odd_chip="high_card"`: the seat's highest own card among the ranks
    /// of its best five (a rank it holds twice plays with its higher suit;
    /// the community card never decides). `None` for a seat without seven
    /// cards, which wins nothing at a showdown.
    fn high_card(&self, seat: usize) -> Option<Card> {
        let cards: Vec<Card> = self.own_cards(seat).chain(self.community).collect();
        let five = best_five(&cards).ok()?;
        let ranks = five.iter().fold(0u16, |m, &c| m | 1 << rank_of(c));
        self.own_cards(seat)
            .filter(|&c| ranks & 1 << rank_of(c) != 0)
            .max()
    }
}
