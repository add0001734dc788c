//! Actions and the events of a hand's history (docs/ENGINE.md §1, §9).

use crate::card::Card;

/// A player's decision; the limit structure fixes every amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Action {
    Fold = 0,
    Check = 1,
    Call = 2,
    BringIn = 3,
    Complete = 4,
    Bet = 5,
    Raise = 6,
}

impl Action {
    pub const ALL: [Action; 7] = [
        Action::Fold,
        Action::Check,
        Action::Call,
        Action::BringIn,
        Action::Complete,
        Action::Bet,
        Action::Raise,
    ];

    pub fn from_index(index: i64) -> Option<Action> {
        usize::try_from(index)
            .ok()
            .and_then(|i| Action::ALL.get(i).copied())
    }

    pub fn name(self) -> &'static str {
        [
            "FOLD", "CHECK", "CALL", "BRING_IN", "COMPLETE", "BET", "RAISE",
        ][self as usize]
    }

    pub(crate) fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of actions, one bit per `Action` value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActionSet(pub u8);

impl ActionSet {
    pub fn contains(self, action: Action) -> bool {
        self.0 & action.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The actions in `Action` order: the set bits, lowest first (bits
    /// past the last action ignored).
    pub fn iter(self) -> impl Iterator<Item = Action> {
        let mut bits = self.0 & Self::EVERY;
        std::iter::from_fn(move || {
            let action = Action::ALL.get(bits.trailing_zeros() as usize).copied();
            bits &= bits.wrapping_sub(1);
            action
        })
    }

    /// `iter().nth(k)` without the walk: the random strategy draws one
    /// action of the set at each of its decisions.
    pub fn nth(self, k: usize) -> Option<Action> {
        let mut bits = self.0 & Self::EVERY;
        for _ in 0..k.min(8) {
            bits &= bits.wrapping_sub(1);
        }
        Action::ALL.get(bits.trailing_zeros() as usize).copied()
    }

    /// One bit for each action.
    const EVERY: u8 = (1 << Action::ALL.len()) - 1;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    Ante,
    DealDown,
    DealUp,
    Burn,
    Reshuffle,
    Community,
    BringIn,
    Complete,
    Bet,
    Raise,
    Call,
    Check,
    Fold,
    Return,
    Show,
    Award,
}

impl EventKind {
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Ante => "ante",
            EventKind::DealDown => "deal_down",
            EventKind::DealUp => "deal_up",
            EventKind::Burn => "burn",
            EventKind::Reshuffle => "reshuffle",
            EventKind::Community => "community",
            EventKind::BringIn => "bring_in",
            EventKind::Complete => "complete",
            EventKind::Bet => "bet",
            EventKind::Raise => "raise",
            EventKind::Call => "call",
            EventKind::Check => "check",
            EventKind::Fold => "fold",
            EventKind::Return => "return",
            EventKind::Show => "show",
            EventKind::Award => "award",
        }
    }

    pub(crate) fn of_action(action: Action) -> EventKind {
        match action {
            Action::Fold => EventKind::Fold,
            Action::Check => EventKind::Check,
            Action::Call => EventKind::Call,
            Action::BringIn => EventKind::BringIn,
            Action::Complete => EventKind::Complete,
            Action::Bet => EventKind::Bet,
            Action::Raise => EventKind::Raise,
        }
    }
}

/// The most cards an event holds: a reshuffle's new deck, the stub (at
/// most one card more than the nine a full table needs) and three burns.
const EVENT_CARDS: usize = 12;

/// One entry of a hand's history; `cards` holds at most `EVENT_CARDS` cards
/// (a show has three, a reshuffle the most).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    pub kind: EventKind,
    pub seat: Option<u8>,
    pub amount: u64,
    cards: [Card; EVENT_CARDS],
    n_cards: u8,
}

impl Event {
    pub fn new(kind: EventKind, seat: Option<usize>, amount: u64, cards: &[Card]) -> Event {
        let mut held = [0; EVENT_CARDS];
        let n = cards.len().min(EVENT_CARDS);
        held[..n].copy_from_slice(&cards[..n]);
        Event {
            kind,
            seat: seat.map(|s| s as u8),
            amount,
            cards: held,
            n_cards: n as u8,
        }
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.n_cards as usize]
    }

    /// The same event with its cards left out (for a seat that did not see them).
    pub(crate) fn hide_cards(&mut self) {
        self.cards = [0; EVENT_CARDS];
        self.n_cards = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iter_and_nth_walk_the_set_in_action_order() {
        for bits in 0..=u8::MAX {
            let set = ActionSet(bits);
            let expected: Vec<Action> = Action::ALL
                .into_iter()
                .filter(|&a| set.contains(a))
                .collect();
            assert_eq!(set.iter().collect::<Vec<_>>(), expected, "{bits:#b}");
            for k in 0..10 {
                assert_eq!(set.nth(k), expected.get(k).copied(), "{bits:#b} {k}");
            }
        }
    }
}
