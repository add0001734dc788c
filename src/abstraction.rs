//! The card and betting abstraction of policies (docs/BOTS.md, "The
//! abstraction"): what a seat sees at a decision, reduced to one of
//! [`INFOSETS`] abstract information sets, and the three action slots a
//! policy weighs there. A policy trained or written over one abstraction
//! plays only with that abstraction's name and version, so any change to
//! the buckets below is a new version.
//!
//! Suits never matter for a low, so everything here reads ranks only.
//! Third street is kept nearly whole (the ranks of the two down cards, the
//! up card, the best opposing up card); from fourth street on the seat's
//! cards are bucketed by the low they make or draw to, each board by how
//! threatening it looks, and the betting by the level of the current bet,
//! whether the seat faces it, and the pot brought from earlier streets.

use crate::card::{rank_of, Card};
use crate::event::{Action, ActionSet};
use crate::hand::Hand;
use crate::view::PlayerView;

/// The abstraction's name, as policy files give it.
pub const NAME: &str = "default";
/// Its version: a policy file made over another version is refused.
pub const VERSION: u32 = 1;

/// The action slots of an information set: fold, the passive action
/// (check, call or bring-in) and the aggressive one (complete, bet or
/// raise). At most one action of each kind is ever legal.
pub const SLOTS: usize = 3;

/// Third street: two down ranks as a multiset (91) times the up rank (13).
const OWN_THIRD: usize = 91 * 13;
/// The best (lowest) opposing up card's rank.
const OPP_THIRD: usize = 13;
/// The bring-in decision, then the bet level 0..=4 times facing it or not.
const BETTING_THIRD: usize = 1 + 5 * 2;
const THIRD: usize = OWN_THIRD * OPP_THIRD * BETTING_THIRD;

/// Made lows (27: the fifth card's rank times how close the fourth is)
/// and draws (20: distinct ranks 1..=4 times the top one's class).
const OWN_LATER: usize = 27 + 20;
/// Board grades, 0 (two bad cards or more) to 3 (unpaired, six or better).
const BOARD: usize = 4;
const BETTING_LATER: usize = 5 * 2;
/// The pot before the street, in big bets: under 2, 4, 7, and more.
const POT: usize = 4;
const LATER: usize = OWN_LATER * BOARD * BOARD * BETTING_LATER * POT;

/// Abstract information sets: third street's, then each later street's.
pub const INFOSETS: usize = THIRD + 4 * LATER;

/// What the abstraction reads of a decision, from a hand or a view: only
/// what the deciding seat may know.
struct Seen<'a> {
    street: u8,
    /// Every card the seat holds (down, up, community), by rank mask.
    ranks: u16,
    down: &'a [Card],
    up: &'a [Card],
    /// Each live opponent's up cards.
    opponents: [&'a [Card]; crate::pots::MAX_SEATS],
    n_opponents: usize,
    bring_in: bool,
    high: u64,
    facing: bool,
    /// Chips in the pot from earlier streets (and antes).
    pot_before: u64,
    small_bet: u64,
    big_bet: u64,
}

/// The information set of the hand's actor. The hand must wait for one.
pub fn of_hand(hand: &Hand) -> usize {
    let seat = hand
        .actor()
        .expect("only a hand waiting for an actor has an information set");
    let mut opponents: [&[Card]; crate::pots::MAX_SEATS] = [&[]; crate::pots::MAX_SEATS];
    let mut n_opponents = 0;
    for s in (0..hand.num_players()).filter(|&s| s != seat && !hand.folded(s)) {
        opponents[n_opponents] = hand.up_cards(s);
        n_opponents += 1;
    }
    let bets = hand.bets();
    let rules = hand.rules();
    index(&Seen {
        street: hand.street().expect("a hand with an actor is on a street"),
        ranks: hand.low_key(seat).ranks(),
        down: hand.down_cards(seat),
        up: hand.up_cards(seat),
        opponents,
        n_opponents,
        bring_in: hand.in_bring_in(),
        high: bets.iter().copied().max().unwrap_or(0),
        facing: hand.facing_bet(),
        pot_before: hand.pot() - bets.iter().sum::<u64>(),
        small_bet: rules.small_bet,
        big_bet: rules.big_bet,
    })
}

/// The information set of the view's seat, which must be the actor: the
/// same as [`of_hand`] for the hand the view was taken of.
// (Read by the bindings' `Policy.probabilities(view)` and the tests.)
#[cfg_attr(not(feature = "python"), allow(dead_code))]
pub fn of_view(view: &PlayerView) -> Option<usize> {
    let seat = view.seat();
    if view.actor() != Some(seat) {
        return None;
    }
    let mut opponents: [&[Card]; crate::pots::MAX_SEATS] = [&[]; crate::pots::MAX_SEATS];
    let mut n_opponents = 0;
    for s in (0..view.num_players()).filter(|&s| s != seat && !view.folded(s)) {
        opponents[n_opponents] = view.up_cards(s);
        n_opponents += 1;
    }
    let mut ranks = 0u16;
    let own = view.down_cards(seat).iter().chain(view.up_cards(seat));
    for &card in own.chain(view.community_cards()) {
        ranks |= 1 << rank_of(card);
    }
    let bets = view.bets();
    let rules = view.rules();
    Some(index(&Seen {
        street: view.street()?,
        ranks,
        down: view.down_cards(seat),
        up: view.up_cards(seat),
        opponents,
        n_opponents,
        bring_in: view.legal_actions().contains(Action::BringIn),
        high: bets.iter().copied().max().unwrap_or(0),
        facing: view.to_call() > 0,
        pot_before: view.pot() - bets.iter().sum::<u64>(),
        small_bet: rules.small_bet,
        big_bet: rules.big_bet,
    }))
}

/// The legal action of each slot (fold, passive, aggressive), if any.
pub fn slot_actions(legal: ActionSet) -> [Option<Action>; SLOTS] {
    let first = |kinds: &[Action]| kinds.iter().copied().find(|&a| legal.contains(a));
    [
        first(&[Action::Fold]),
        first(&[Action::Check, Action::Call, Action::BringIn]),
        first(&[Action::Complete, Action::Bet, Action::Raise]),
    ]
}

fn index(seen: &Seen<'_>) -> usize {
    // The current bet in bets of the street (small bets on third and fourth
    // street, big bets after), capped at four.
    let bet = if seen.street <= 4 {
        seen.small_bet
    } else {
        seen.big_bet
    };
    let level = (seen.high / bet.max(1)).min(4) as usize;
    let betting = level * 2 + usize::from(seen.facing);
    let opponents = &seen.opponents[..seen.n_opponents];
    if seen.street == 3 {
        let (a, b) = (
            rank_of(seen.down[0]) as usize,
            rank_of(seen.down[1]) as usize,
        );
        let (low, high) = (a.min(b), a.max(b));
        let own = (high * (high + 1) / 2 + low) * 13 + rank_of(seen.up[0]) as usize;
        let opp = opponents
            .iter()
            .filter_map(|up| up.first())
            .map(|&c| rank_of(c) as usize)
            .min()
            .unwrap_or(12);
        let betting = if seen.bring_in { 0 } else { 1 + betting };
        return (own * OPP_THIRD + opp) * BETTING_THIRD + betting;
    }
    let own = own_bucket(seen.ranks);
    let board = board_grade(seen.up);
    // The most threatening opposing board.
    let opp = opponents
        .iter()
        .map(|up| board_grade(up))
        .max()
        .unwrap_or(0);
    let pot = match seen.pot_before / seen.big_bet.max(1) {
        0..=1 => 0,
        2..=3 => 1,
        4..=6 => 2,
        _ => 3,
    };
    let later = (((own * BOARD + board) * BOARD + opp) * BETTING_LATER + betting) * POT + pot;
    THIRD + (seen.street as usize - 4) * LATER + later
}

/// Fourth street on: a made low (five distinct ranks) by its fifth card and
/// how close its fourth is to it; a draw by its distinct ranks and the
/// class of the highest of them.
fn own_bucket(ranks: u16) -> usize {
    let distinct = ranks.count_ones() as usize;
    if distinct >= 5 {
        // The five lowest ranks: the fifth (4 = five … 12 = king) and fourth.
        let mut m = ranks;
        for _ in 0..3 {
            m &= m - 1;
        }
        let fourth = m.trailing_zeros() as usize;
        m &= m - 1;
        let fifth = m.trailing_zeros() as usize;
        let gap = (fifth - fourth - 1).min(2);
        return (fifth - 4) * 3 + gap;
    }
    let top = 15 - ranks.leading_zeros() as usize;
    let class = match top {
        0..=4 => 0,
        5 => 1,
        6 => 2,
        7 => 3,
        _ => 4,
    };
    27 + (distinct.max(1) - 1) * 5 + class
}

/// How threatening a board of up cards looks: a bad card is a nine or
/// higher or one that pairs the board; no bad card and nothing above a
/// six is the best grade.
fn board_grade(up: &[Card]) -> usize {
    let mut seen = 0u16;
    let mut bad = 0;
    for &card in up {
        let rank = rank_of(card);
        if rank >= 8 || seen & (1 << rank) != 0 {
            bad += 1;
        }
        seen |= 1 << rank;
    }
    match bad {
        0 if seen >> 6 == 0 => 3,
        0 => 2,
        1 => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::DeckSource;
    use crate::rng::Rng;
    use crate::rules::Rules;
    use crate::strategy::Strategy;

    #[test]
    fn every_decision_has_an_information_set_in_range_and_the_view_agrees() {
        let mut rng = Rng::new(7);
        let mut seen = std::collections::HashSet::new();
        for players in 2..=8 {
            for seed in 0..300 {
                let stacks = vec![60; players];
                let mut hand =
                    Hand::new(Rules::default(), &stacks, DeckSource::Seed(seed)).unwrap();
                while hand.actor().is_some() {
                    let infoset = of_hand(&hand);
                    assert!(infoset < INFOSETS);
                    let view = PlayerView::of(&hand, None).unwrap();
                    assert_eq!(of_view(&view), Some(infoset));
                    seen.insert(infoset);
                    Strategy::Random.play(&mut hand, &mut rng);
                }
            }
        }
        assert!(seen.len() > 1000, "{}", seen.len());
    }

    #[test]
    fn buckets() {
        // A-2-3-4-5: fifth card the five, fourth right below it.
        assert_eq!(own_bucket(0b1_1111), 0);
        // 8-6-3-2-A: fifth the eight (7), fourth the six (5): gap 1.
        assert_eq!(own_bucket(1 << 7 | 1 << 5 | 1 << 2 | 1 << 1 | 1), 3 * 3 + 1);
        // A K Q J: four distinct, the top a king.
        assert_eq!(own_bucket(1 | 1 << 12 | 1 << 11 | 1 << 10), 27 + 3 * 5 + 4);
        assert_eq!(board_grade(&[0, 4, 8]), 3); // A 2 3
        assert_eq!(board_grade(&[0, 4, 28]), 2); // A 2 8
        assert_eq!(board_grade(&[0, 1, 28]), 1); // A A 8
        assert_eq!(board_grade(&[0, 1, 48]), 0); // A A K
        let slots = slot_actions(ActionSet(
            Action::Fold.bit() | Action::Call.bit() | Action::Raise.bit(),
        ));
        assert_eq!(
            slots,
            [Some(Action::Fold), Some(Action::Call), Some(Action::Raise)]
        );
        for (i, action) in Action::ALL.into_iter().enumerate() {
            let slot = [0, 1, 1, 1, 2, 2, 2][i];
            assert_eq!(slot_actions(ActionSet(action.bit()))[slot], Some(action));
        }
    }
}
