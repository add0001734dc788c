//! Finished hands as flat columns, one set per chunk (docs/DATA.md): the
//! core's side of the columnar writer. Each column is a plain vector of
//! values, and each variable-length column a vector of offsets beside it
//! (row `r` holds values `offsets[r] .. offsets[r + 1]`), the layout of an
//! Arrow list; the bindings hand the vectors to numpy without a copy and
//! `razz_fast.columnar` wraps them as Arrow arrays, also without a copy.
//! Nothing here knows Arrow.

use crate::card::Card;
use crate::eval::Rank;
use crate::event::EventKind;
use crate::hand::Hand;
use crate::view::action_of;

/// An Arrow list offset: 64 bits (Arrow's large lists), the width polars
/// keeps its lists in, so that it takes the offsets as they are.
pub type Offset = i64;

/// The hands of one chunk, row by row. Per-seat columns hold `players`
/// values or lists a row, in seat order (the caller's per-hand lists of
/// them have offsets `0, players, 2 × players, …`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandColumns {
    pub players: usize,
    /// Each hand's number in its run (`simulate`'s hand index; `match`'s
    /// position in the order of `record=`).
    pub hand: Vec<u64>,
    /// `match` only: the deal and the seating it was played in.
    pub deal: Vec<u64>,
    pub seating: Vec<u8>,
    /// The deck seed (`Hand.seed`).
    pub seed: Vec<u64>,
    /// Net chips, `players` a row.
    pub payoffs: Vec<i64>,
    /// Down and up cards, one list per seat (`players` lists a row), in
    /// the order dealt.
    pub down_offsets: Vec<Offset>,
    pub down_cards: Vec<Card>,
    pub up_offsets: Vec<Offset>,
    pub up_cards: Vec<Card>,
    /// The community card, when the deck ran short (zero or one a row).
    pub community_offsets: Vec<Offset>,
    pub community: Vec<Card>,
    /// The players' actions in order: who, which (`Action` value), the
    /// chips it took from the stack, and the street it was taken on.
    pub action_offsets: Vec<Offset>,
    pub action_seat: Vec<u8>,
    pub action: Vec<u8>,
    pub action_amount: Vec<u64>,
    pub action_street: Vec<u8>,
    /// The seats that showed, in the order they showed, and the rank of
    /// each one's best five (empty without a showdown).
    pub shown_offsets: Vec<Offset>,
    pub shown_seat: Vec<u8>,
    pub shown_rank: Vec<Rank>,
    /// The seats that won a share of some pot, in seat order.
    pub winner_offsets: Vec<Offset>,
    pub winners: Vec<u8>,
}

/// The offset one past `values`' last.
fn end<T>(values: &[T]) -> Offset {
    values.len() as Offset
}

impl HandColumns {
    /// Empty columns with room for a chunk of `players`-seat hands: grown
    /// from nothing, their vectors moved and faulted in fresh pages several
    /// times a chunk, which cost more than filling them (310,000 against
    /// 816,000 check/call hands a second on one thread, measured).
    pub fn new(players: usize) -> HandColumns {
        let rows = crate::sim::CHUNK as usize;
        let seats = rows * players;
        let mut columns = HandColumns {
            players,
            hand: Vec::with_capacity(rows),
            seed: Vec::with_capacity(rows),
            payoffs: Vec::with_capacity(seats),
            down_offsets: Vec::with_capacity(seats + 1),
            down_cards: Vec::with_capacity(3 * seats),
            up_offsets: Vec::with_capacity(seats + 1),
            up_cards: Vec::with_capacity(4 * seats),
            community_offsets: Vec::with_capacity(rows + 1),
            action_offsets: Vec::with_capacity(rows + 1),
            action_seat: Vec::with_capacity(8 * seats),
            action: Vec::with_capacity(8 * seats),
            action_amount: Vec::with_capacity(8 * seats),
            action_street: Vec::with_capacity(8 * seats),
            shown_offsets: Vec::with_capacity(rows + 1),
            shown_seat: Vec::with_capacity(seats),
            shown_rank: Vec::with_capacity(seats),
            winner_offsets: Vec::with_capacity(rows + 1),
            ..HandColumns::default()
        };
        for offsets in [
            &mut columns.down_offsets,
            &mut columns.up_offsets,
            &mut columns.community_offsets,
            &mut columns.action_offsets,
            &mut columns.shown_offsets,
            &mut columns.winner_offsets,
        ] {
            offsets.push(0);
        }
        columns
    }

    /// How many hands (rows) it holds.
    pub fn len(&self) -> usize {
        self.hand.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hand.is_empty()
    }

    /// Adds a finished hand as row `index`. The hand must have kept its
    /// history (`Hand::set_record_history`), which the actions come from.
    pub fn push(&mut self, index: u64, hand: &Hand) {
        debug_assert!(hand.is_over());
        let n = self.players;
        self.hand.push(index);
        self.seed.push(hand.seed().unwrap_or(0));
        self.payoffs.extend_from_slice(&hand.payoffs()[..n]);
        for seat in 0..n {
            self.down_cards.extend_from_slice(hand.down_cards(seat));
            self.down_offsets.push(end(&self.down_cards));
            self.up_cards.extend_from_slice(hand.up_cards(seat));
            self.up_offsets.push(end(&self.up_cards));
        }
        self.community.extend_from_slice(hand.community_cards());
        self.community_offsets.push(end(&self.community));
        // The street moves on at the first card dealt after an action: a
        // street without actions (everyone all in) has no later actions.
        let (mut street, mut acted) = (3u8, false);
        for event in hand.history() {
            match event.kind {
                EventKind::DealDown | EventKind::DealUp | EventKind::Community if acted => {
                    street += 1;
                    acted = false;
                }
                kind => {
                    if let Some(action) = action_of(kind) {
                        acted = true;
                        self.action_seat.push(event.seat.unwrap_or(0));
                        self.action.push(action as u8);
                        self.action_amount.push(event.amount);
                        self.action_street.push(street);
                    }
                }
            }
        }
        self.action_offsets.push(end(&self.action));
        for &seat in hand.showdown_order() {
            self.shown_seat.push(seat);
            self.shown_rank.push(hand.low_key(seat as usize).rank());
        }
        self.shown_offsets.push(end(&self.shown_seat));
        let winners = hand.winners();
        self.winners
            .extend((0..n as u8).filter(|&s| winners & (1 << s) != 0));
        self.winner_offsets.push(end(&self.winners));
    }

    /// Appends row `row` of `other` (of the same player count), numbered
    /// `index`, dealt as `deal` and played in seating `seating`.
    pub fn push_row(
        &mut self,
        other: &HandColumns,
        row: usize,
        index: u64,
        deal: u64,
        seating: u8,
    ) {
        fn copy<T: Copy>(
            to: &mut Vec<T>,
            to_offsets: &mut Vec<Offset>,
            from: &[T],
            from_offsets: &[Offset],
            rows: std::ops::Range<usize>,
        ) {
            for r in rows {
                let (a, b) = (from_offsets[r] as usize, from_offsets[r + 1] as usize);
                to.extend_from_slice(&from[a..b]);
                to_offsets.push(end(to));
            }
        }
        let n = self.players;
        debug_assert_eq!(n, other.players);
        self.hand.push(index);
        self.deal.push(deal);
        self.seating.push(seating);
        self.seed.push(other.seed[row]);
        self.payoffs
            .extend_from_slice(&other.payoffs[row * n..(row + 1) * n]);
        let seats = row * n..(row + 1) * n;
        copy(
            &mut self.down_cards,
            &mut self.down_offsets,
            &other.down_cards,
            &other.down_offsets,
            seats.clone(),
        );
        copy(
            &mut self.up_cards,
            &mut self.up_offsets,
            &other.up_cards,
            &other.up_offsets,
            seats,
        );
        let one = row..row + 1;
        copy(
            &mut self.community,
            &mut self.community_offsets,
            &other.community,
            &other.community_offsets,
            one.clone(),
        );
        let (a, b) = (
            other.action_offsets[row] as usize,
            other.action_offsets[row + 1] as usize,
        );
        self.action_seat.extend_from_slice(&other.action_seat[a..b]);
        self.action_amount
            .extend_from_slice(&other.action_amount[a..b]);
        self.action_street
            .extend_from_slice(&other.action_street[a..b]);
        copy(
            &mut self.action,
            &mut self.action_offsets,
            &other.action,
            &other.action_offsets,
            one.clone(),
        );
        self.shown_rank.extend_from_slice(
            &other.shown_rank
                [other.shown_offsets[row] as usize..other.shown_offsets[row + 1] as usize],
        );
        copy(
            &mut self.shown_seat,
            &mut self.shown_offsets,
            &other.shown_seat,
            &other.shown_offsets,
            one.clone(),
        );
        copy(
            &mut self.winners,
            &mut self.winner_offsets,
            &other.winners,
            &other.winner_offsets,
            one,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::DeckSource;
    use crate::rng::Rng;
    use crate::rules::Rules;
    use crate::strategy::Strategy;

    fn played(seed: u64, stacks: &[u64]) -> Hand {
        let mut hand = Hand::new(Rules::default(), stacks, DeckSource::Seed(seed)).unwrap();
        let mut rng = Rng::new(seed);
        while hand.actor().is_some() {
            Strategy::Random.play(&mut hand, &mut rng);
        }
        hand
    }

    /// Each row holds what the hand holds, and the actions replay it.
    #[test]
    fn rows_hold_the_hands() {
        let stacks = [40, 7, 300, 12];
        let mut columns = HandColumns::new(4);
        let hands: Vec<Hand> = (0..200).map(|k| played(k, &stacks)).collect();
        for (k, hand) in hands.iter().enumerate() {
            columns.push(k as u64 + 10, hand);
        }
        assert_eq!(columns.len(), 200);
        for (r, hand) in hands.iter().enumerate() {
            assert_eq!(columns.hand[r], r as u64 + 10);
            assert_eq!(columns.payoffs[r * 4..r * 4 + 4], hand.payoffs()[..4]);
            for s in 0..4 {
                let i = r * 4 + s;
                let (a, b) = (
                    columns.up_offsets[i] as usize,
                    columns.up_offsets[i + 1] as usize,
                );
                assert_eq!(&columns.up_cards[a..b], hand.up_cards(s));
            }
            // Replaying the actions gives the same hand, street by street.
            let mut again =
                Hand::new(Rules::default(), &stacks, DeckSource::Seed(r as u64)).unwrap();
            let (a, b) = (
                columns.action_offsets[r] as usize,
                columns.action_offsets[r + 1] as usize,
            );
            for j in a..b {
                assert_eq!(again.actor(), Some(columns.action_seat[j] as usize));
                assert_eq!(again.street(), Some(columns.action_street[j]));
                let action = crate::event::Action::from_index(columns.action[j].into()).unwrap();
                assert_eq!(again.chips_for(action), columns.action_amount[j]);
                again.act(action).unwrap();
            }
            assert_eq!(&again, hand);
        }
        // Rows copied one by one are the same rows.
        let mut copied = HandColumns::new(4);
        for r in 0..200 {
            copied.push_row(&columns, r, r as u64 + 10, r as u64, 0);
        }
        copied.deal.clear();
        copied.seating.clear();
        assert_eq!(copied, columns);
    }
}
