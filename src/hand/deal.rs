//! Antes and the deal: third street, burns, fourth to seventh street, the
//! community card and the reshuffle of burns (docs/ENGINE.md §3–4).

use super::pots::MAX_SEATS;
use super::showing::Showing;
use super::Hand;
use crate::card::Card;
use crate::eval::LowKey;
use crate::event::{Event, EventKind};

impl Hand {
    pub(super) fn post_antes(&mut self) {
        let ante = self.rules.ante;
        if ante == 0 {
            return;
        }
        for s in 0..self.n {
            let chips = ante.min(self.stack[s]);
            self.stack[s] -= chips;
            self.contributed[s] += chips;
            if self.stack[s] == 0 {
                self.has_chips &= !Self::seat_bit(s);
            }
            self.record(EventKind::Ante, Some(s), chips, &[]);
        }
    }

    /// The next card. With at most eight players the deck never runs dry
    /// (ENGINE.md §3: the seventh-street check comes first), so this index
    /// is always in range.
    #[inline]
    fn take_card(&mut self) -> Card {
        let card = self.deck[self.next_card];
        self.next_card += 1;
        card
    }

    /// The stub and the burns so far become the deck: the stub's cards in
    /// order, then the burns in burn order, shuffled by the hand's generator
    /// (an explicit deck stays in that order). See burns and the short deck in the rules.
    #[cold]
    #[inline(never)]
    fn reshuffle_burns(&mut self) {
        let left = self.deck_len - self.next_card;
        let n = left + self.n_burns;
        self.deck.copy_within(self.next_card..self.deck_len, 0);
        self.deck[left..n].copy_from_slice(&self.burns[..self.n_burns]);
        if let Some(rng) = self.rng.as_mut() {
            rng.shuffle(&mut self.deck[..n]);
        }
        self.deck_len = n;
        self.next_card = 0;
        self.n_burns = 0;
        let new_deck = self.deck;
        self.record(EventKind::Reshuffle, None, 0, &new_deck[..n]);
    }

    // Inlined so that a table without burns (the default) pays a test, not
    // a call, on every street.
    #[inline(always)]
    fn burn(&mut self) {
        if self.rules.burn_cards {
            self.burn_one();
        }
    }

    fn burn_one(&mut self) {
        let card = self.take_card();
        self.burns[self.n_burns] = card;
        self.n_burns += 1;
        self.record(EventKind::Burn, None, 0, &[card]);
    }

    /// Seat `s` gets `deck[s]` and `deck[n + s]` down and `deck[2n + s]` up
    /// (ENGINE.md §3). The deck is fresh, so the cards are read straight from
    /// it; the events, when kept, follow in dealing order. Returns the seat
    /// with the highest up card (cards are distinct, so it is unique), which
    /// brings in.
    pub(super) fn deal_third_street(&mut self) -> usize {
        // (At most eight seats: telling the compiler drops the bounds checks.)
        let n = self.n.min(MAX_SEATS);
        let (mut bring_in, mut highest) = (0, 0);
        for s in 0..n {
            let (a, b, up) = (self.deck[s], self.deck[n + s], self.deck[2 * n + s]);
            self.down[s] = [a, b, 0];
            self.n_down[s] = 2;
            self.up[s] = [up, 0, 0, 0];
            self.n_up[s] = 1;
            self.keys[s] = LowKey::EMPTY.with(a).with(b).with(up);
            self.showing[s] = Showing::EMPTY.with(up);
            if up > highest {
                (bring_in, highest) = (s, up);
            }
        }
        self.next_card = 3 * n;
        if self.record_history {
            for i in 0..3 * n {
                let kind = if i < 2 * n {
                    EventKind::DealDown
                } else {
                    EventKind::DealUp
                };
                self.push_event(Event::new(kind, Some(i % n), 0, &[self.deck[i]]));
            }
        }
        bring_in
    }

    /// Deals `street` (4 to 7) to the seats still in the hand.
    pub(super) fn deal_street(&mut self, street: u8) {
        self.street = street;
        let live = self.live;
        if street < 7 {
            self.burn();
            // Every seat still in holds `street − 3` up cards, and the deck
            // never runs short before seventh street (24 cards, 3 burns and
            // 24 more at most), so the cards come straight off it.
            // Up to fifth street nobody shows four cards, so no two pair,
            // and the showing's value needs no flag for it.
            let first = self.next_card;
            let (best, next) = if street == 6 {
                self.deal_up_cards::<true>(street, first)
            } else {
                self.deal_up_cards::<false>(street, first)
            };
            self.best_showing = best;
            self.next_card = next;
            self.record_deals(EventKind::DealUp, live, first);
            return;
        }
        // Seventh street: with burns the stub must give the burn, a card to
        // every player and an undealt bottom card, or the burns are
        // gathered back first (seventh street, burns and the short deck).
        let players = self.in_hand_count();
        let needed = if self.rules.burn_cards {
            let needed = players + 2;
            if self.deck_len - self.next_card < needed {
                self.reshuffle_burns();
            }
            self.burn();
            needed - 1
        } else {
            players
        };
        let left = self.deck_len - self.next_card;
        if left >= needed {
            let first = self.next_card;
            let mut next = first;
            let mut seats = live;
            while seats != 0 {
                let s = seats.trailing_zeros() as usize;
                seats &= seats - 1;
                let card = self.deck[next];
                next += 1;
                self.down[s][2] = card;
                self.n_down[s] = 3;
                self.keys[s] = self.keys[s].with(card);
            }
            self.next_card = next;
            self.record_deals(EventKind::DealDown, live, first);
        } else {
            let card = self.take_card();
            self.community = Some(card);
            for key in &mut self.keys[..self.n] {
                *key = key.with(card);
            }
            self.record(EventKind::Community, None, 0, &[card]);
        }
    }

    /// Deals an up card of `street` (4 to 6) to every seat in the hand from
    /// `deck[first]`; returns the best showing low as `value << 3 | seat` and
    /// the next card. `FOUR`: the seats now show four cards.
    #[inline(always)]
    fn deal_up_cards<const FOUR: bool>(&mut self, street: u8, first: usize) -> (u64, usize) {
        let slot = usize::from(street - 3);
        let mut next = first;
        let mut seats = self.live;
        let mut best = u64::MAX;
        while seats != 0 {
            let s = seats.trailing_zeros() as usize;
            seats &= seats - 1;
            let card = self.deck[next];
            next += 1;
            self.up[s][slot] = card;
            self.n_up[s] = street - 2;
            self.keys[s] = self.keys[s].with(card);
            let showing = self.showing[s].with(card);
            self.showing[s] = showing;
            let value = if FOUR {
                showing.value()
            } else {
                showing.value_of_three()
            };
            best = best.min(value << 3 | s as u64);
        }
        (best, next)
    }

    /// The events of cards dealt to `seats` in seat order from `deck[first]`.
    fn record_deals(&mut self, kind: EventKind, seats: u8, first: usize) {
        if !self.record_history {
            return;
        }
        let mut seats = seats;
        for next in first.. {
            if seats == 0 {
                break;
            }
            let s = seats.trailing_zeros() as usize;
            seats &= seats - 1;
            self.push_event(Event::new(kind, Some(s), 0, &[self.deck[next]]));
        }
    }
}
