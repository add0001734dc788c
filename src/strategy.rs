//! The built-in strategies of `simulate` (docs/SIMULATION.md): check/call,
//! uniform random, and "tight", a plain razz heuristic that plays good
//! three-card lows, bets made lows and folds draws that are dead or behind
//! the boards it can see.

use crate::error::{Error, Result};
use crate::event::{Action, ActionSet};
use crate::hand::Hand;
use crate::rng::Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    CheckCall,
    Random,
    Tight,
}

impl Strategy {
    /// Every built-in strategy, in the order their names are listed.
    pub const ALL: [Strategy; 3] = [Strategy::CheckCall, Strategy::Random, Strategy::Tight];

    pub const fn name(self) -> &'static str {
        match self {
            Strategy::CheckCall => "check_call",
            Strategy::Random => "random",
            Strategy::Tight => "tight",
        }
    }

    pub fn from_name(name: &str) -> Result<Strategy> {
        Strategy::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| {
                let names: Vec<String> = Strategy::ALL
                    .iter()
                    .map(|s| format!("'{}'", s.name()))
                    .collect();
                Error::InvalidArgument(format!(
                    "unknown strategy {name:?}: expected one of {}",
                    names.join(", ")
                ))
            })
    }

    /// Decides for the hand's actor and applies the action. Check/call
    /// applies a fixed action in each of its branches, so that a loop of
    /// check/call seats, with `act_legal` inlined, never dispatches on the
    /// action.
    #[inline(always)]
    pub fn play(self, hand: &mut Hand, rng: &mut Rng) {
        match self {
            Strategy::CheckCall if hand.in_bring_in() => hand.act_legal(Action::BringIn),
            Strategy::CheckCall if hand.facing_bet() => hand.act_legal(Action::Call),
            Strategy::CheckCall => hand.act_legal(Action::Check),
            _ => hand.act_legal(self.decide(hand, rng)),
        }
    }

    /// The action of the hand's actor. `rng` is the hand's decision generator; only
    /// `Random` draws from it.
    // Inlined into the simulation loop, as it was before that loop learned
    // other kinds of seat: out of line it costs about 9% of a tight hand.
    #[inline(always)]
    pub fn decide(self, hand: &Hand, rng: &mut Rng) -> Action {
        match self {
            // Decided from two cheap questions: the commonest strategy in a
            // simulation should not pay for the whole legal set.
            Strategy::CheckCall if hand.in_bring_in() => Action::BringIn,
            Strategy::CheckCall if hand.facing_bet() => Action::Call,
            Strategy::CheckCall => Action::Check,
            Strategy::Random => {
                let legal = hand.legal_actions();
                legal
                    .nth(rng.below(legal.len()))
                    .expect("a hand waiting for an actor has a legal action")
            }
            Strategy::Tight => tight(hand, hand.legal_actions()),
        }
    }
}

fn first_legal(legal: ActionSet, preference: &[Action]) -> Action {
    preference
        .iter()
        .copied()
        .find(|&a| legal.contains(a))
        .unwrap_or_else(|| legal.iter().next().expect("a live hand has an action"))
}

/// Ace to eight.
const LOW_RANKS: u16 = 0xFF;

#[inline(always)]
fn tight(hand: &Hand, legal: ActionSet) -> Action {
    use Action::{Bet, BringIn, Call, Check, Complete, Fold, Raise};
    let seat = hand.actor().expect("only the actor decides");
    // The hand keeps each seat's cards (down, up, community) as a running
    // key and its up cards as a showing low, so nothing here walks cards.
    let lows = hand.low_key(seat).ranks() & LOW_RANKS;
    let l = lows.count_ones();
    let pick = |list: &[Action]| first_legal(legal, list);
    if hand.street() == Some(3) {
        // Three distinct low cards, and (premium) none of them an eight.
        let premium = l == 3 && lows & !0x7F == 0;
        return match (legal.contains(BringIn), premium, l == 3) {
            (true, true, _) => pick(&[Complete, BringIn]),
            (true, false, _) => BringIn,
            (false, true, _) => pick(&[Raise, Complete, Call, Check]),
            (false, false, true) => pick(&[Call, Check]),
            (false, false, false) => pick(&[Check, Fold]),
        };
    }
    let held = hand.down_cards(seat).len() + hand.up_cards(seat).len();
    let left = 7 - (held + hand.community_cards().len()) as u32;
    if l >= 5 {
        // The fifth-lowest distinct low rank: seven (index 6) or better raises.
        let mut m = lows;
        for _ in 0..4 {
            m &= m - 1;
        }
        let fifth = m.trailing_zeros();
        return if fifth <= 6 {
            pick(&[Raise, Bet, Call, Check])
        } else {
            pick(&[Bet, Call, Check])
        };
    }
    let dead = 5 - l > left;
    let behind = (0..hand.num_players()).any(|s| {
        if s == seat || hand.folded(s) {
            return false;
        }
        // All low and unpaired: every up card gives a distinct low rank.
        let board = hand.showing(s);
        !board.is_paired() && board.ranks() & !LOW_RANKS == 0 && hand.up_cards(s).len() as u32 >= l
    });
    if dead || behind {
        pick(&[Check, Fold])
    } else {
        pick(&[Check, Call])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Card};
    use crate::hand::DeckSource;
    use crate::rules::Rules;

    fn deck_with(front: &str) -> [Card; 52] {
        let mut deck = parse_cards(front).unwrap();
        for c in 0..52 {
            if !deck.contains(&c) {
                deck.push(c);
            }
        }
        deck.try_into().unwrap()
    }

    #[test]
    fn tight_completes_a_premium_bring_in_and_folds_junk() {
        // Seat 0: A-2 down, K up (brings in with junk); seat 1: 3-4 down, 5 up.
        let deck = deck_with("Ac 3c 2d 4d Ks 5h");
        let mut hand = Hand::new(Rules::default(), &[50, 50], DeckSource::Cards(deck)).unwrap();
        let mut rng = Rng::new(0);
        assert_eq!(hand.actor(), Some(0));
        assert_eq!(Strategy::Tight.decide(&hand, &mut rng), Action::BringIn);
        hand.act(Action::BringIn).unwrap();
        assert_eq!(Strategy::Tight.decide(&hand, &mut rng), Action::Complete);
        hand.act(Action::Complete).unwrap();
        // K-high start facing a completion: fold.
        assert_eq!(Strategy::Tight.decide(&hand, &mut rng), Action::Fold);
        assert_eq!(Strategy::CheckCall.decide(&hand, &mut rng), Action::Call);
        assert_eq!(
            Strategy::from_name("loose").unwrap_err().to_string(),
            "unknown strategy \"loose\": expected one of 'check_call', 'random', 'tight'"
        );
        for s in Strategy::ALL {
            assert_eq!(Strategy::from_name(s.name()), Ok(s));
        }
    }
}
