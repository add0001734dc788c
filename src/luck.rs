//! Luck: the chips the cards dealt in a hand gave each seat, which `match`
//! takes out of its luck-adjusted results (docs/MATCH.md, "Luck-adjusted
//! results").
//!
//! A seat's *value* at a point of the hand is what it would net if every
//! seat still in went to showdown with no more betting: minus its chips in,
//! plus its expected share of each pot it may win, over the cards still to
//! come. The deal of a street cannot change a value on average: before and
//! after it, the value is the expectation of one function of the final
//! cards (the pots and who is in do not move while cards are dealt). So the
//! change a deal makes to a seat's value, its luck on that deal, averages
//! zero, and chips won minus the luck of every deal is an unbiased estimate
//! of what the seat's play earned, with the cards' share of the variance
//! taken out. This is the chance correction of AIVAT (Burch, Schmid,
//! Moravčík, Morrill and Bowling, 2018) with a value that needs no model of
//! the strategies; their decisions are left as they are.
//!
//! Burned cards count as unseen: no player sees them, so no decision can
//! depend on them, and given the players' cards every card still to be dealt
//! is a uniform draw from the unseen ones, burns or reshuffles in between.
//!
//! Values are sampled: the rest of the hand's cards dealt `TRIALS` times
//! from a generator of their own (`luck_seed`, never the hand's), so the
//! noise is independent of the play and the estimate stays unbiased (to
//! the 2^-64 scale of `Rng::below`'s rounding). The
//! value before a deal reuses the one after the previous deal when who is
//! in and who may win which pot have not changed since (the cards have not,
//! and who is in decides how the rest would be dealt). Values are kept
//! as integers in units of 1 / `UNITS` chips: a hand's luck sums to exactly
//! zero over its seats, and sums merge exactly across threads.

use crate::card::Card;
use crate::eval::rank_unchecked;
use crate::event::EventKind;
use crate::hand::pots::{build_pots, Pot, MAX_SEATS};
use crate::hand::Hand;
use crate::rng::{chunk_seed, Rng};

/// Deals of the rest of the hand sampled for each value.
pub const TRIALS: i128 = 16;
/// A pot's shares: 840 splits evenly among any 1 to 8 winners.
const SHARES: i128 = 840;
/// A chip, in the units luck is counted in.
pub const UNITS: i128 = SHARES * TRIALS;

/// Sets a deal's luck generator apart from its deck and decisions.
const LUCK: u64 = 0x6A09_E667_F3BC_C908;

/// The seed of the luck generator of deal `k` of a run seeded with `seed`:
/// one per deal, so every seating of a deal samples alike.
pub fn luck_seed(seed: u64, k: u64) -> u64 {
    chunk_seed(seed, k) ^ LUCK
}

/// Each seat's luck in a finished `hand` (its history kept), in units of
/// 1 / `UNITS` chips; the seats' luck sums to zero.
pub fn luck(hand: &Hand, rng: &mut Rng) -> [i128; MAX_SEATS] {
    let mut luck = [0i128; MAX_SEATS];
    let mut before = [0i128; MAX_SEATS];
    let mut cache: Option<Cache> = None;
    replay(hand, |state, edge| match edge {
        Edge::BeforeDeal => before = state.value(rng, &mut cache, TRIALS),
        Edge::AfterDeal => {
            // The cards changed: no value before this deal holds after it.
            cache = None;
            let after = state.value(rng, &mut cache, TRIALS);
            for s in 0..state.n {
                luck[s] += after[s] - before[s];
            }
        }
    });
    luck
}

/// Where `replay` stops: before a deal (a street's cards, with their burns,
/// and any streets dealt with no betting between), or after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edge {
    BeforeDeal,
    AfterDeal,
}

/// Replays `hand`'s history, showing `at` the state before and after every
/// deal.
fn replay(hand: &Hand, mut at: impl FnMut(&State, Edge)) {
    let mut state = State::new(hand);
    let mut dealing = false;
    for event in hand.history() {
        let chance = matches!(
            event.kind,
            EventKind::DealDown
                | EventKind::DealUp
                | EventKind::Burn
                | EventKind::Reshuffle
                | EventKind::Community
        );
        if chance != dealing {
            at(
                &state,
                if chance {
                    Edge::BeforeDeal
                } else {
                    Edge::AfterDeal
                },
            );
            dealing = chance;
        }
        let seat = event.seat.map(usize::from);
        match (event.kind, seat) {
            (EventKind::DealDown | EventKind::DealUp, Some(s)) => state.give(s, event.cards()[0]),
            (EventKind::Community, _) => {
                let card = event.cards()[0];
                state.community = Some(card);
                state.out |= 1 << card;
            }
            (EventKind::Burn, _) => state.burns += 1,
            // The burns so far go back into the deck.
            (EventKind::Reshuffle, _) => state.burns = 0,
            (EventKind::Fold, Some(s)) => state.in_hand &= !(1 << s),
            (EventKind::Return, Some(s)) => state.contributed[s] -= event.amount,
            (
                EventKind::Ante
                | EventKind::BringIn
                | EventKind::Complete
                | EventKind::Bet
                | EventKind::Raise
                | EventKind::Call
                | EventKind::Check,
                Some(s),
            ) => state.contributed[s] += event.amount,
            // Shows and awards come after the last deal.
            _ => {}
        }
    }
    if dealing {
        at(&state, Edge::AfterDeal);
    }
}

/// The shares of each pot (by index) per seat, summed over the trials, for
/// pots whose eligible seats were `eligible` with the seats `in_hand` still
/// in (who is in decides how the rest would be dealt).
struct Cache {
    in_hand: u8,
    eligible: [u8; MAX_SEATS],
    n_pots: usize,
    shares: [[i128; MAX_SEATS]; MAX_SEATS],
}

/// What the luck of a hand depends on, replayed event by event.
struct State {
    n: usize,
    burn_cards: bool,
    contributed: [u64; MAX_SEATS],
    in_hand: u8,
    cards: [[Card; 7]; MAX_SEATS],
    held: [usize; MAX_SEATS],
    community: Option<Card>,
    /// The cards dealt to a seat or to the community, as bits.
    out: u64,
    /// Cards burned and not gathered back by a reshuffle.
    burns: usize,
}

impl State {
    fn new(hand: &Hand) -> State {
        let n = hand.num_players();
        State {
            n,
            burn_cards: hand.rules().burn_cards,
            contributed: [0; MAX_SEATS],
            in_hand: ((1u16 << n) - 1) as u8,
            cards: [[0; 7]; MAX_SEATS],
            held: [0; MAX_SEATS],
            community: None,
            out: 0,
            burns: 0,
        }
    }

    fn give(&mut self, seat: usize, card: Card) {
        self.cards[seat][self.held[seat]] = card;
        self.held[seat] += 1;
        self.out |= 1 << card;
    }

    /// Each seat's value now, in units of 1 / (`SHARES` · `trials`) chips.
    fn value(&self, rng: &mut Rng, cache: &mut Option<Cache>, trials: i128) -> [i128; MAX_SEATS] {
        let mut pots = [Pot::default(); MAX_SEATS];
        let n_pots = build_pots(&self.contributed[..self.n], self.in_hand, &mut pots);
        let mut eligible = [0u8; MAX_SEATS];
        for (e, pot) in eligible.iter_mut().zip(&pots[..n_pots]) {
            *e = pot.eligible;
        }
        let reusable = cache.as_ref().is_some_and(|c| {
            c.in_hand == self.in_hand && c.n_pots == n_pots && c.eligible == eligible
        });
        if !reusable {
            *cache = Some(Cache {
                in_hand: self.in_hand,
                eligible,
                n_pots,
                shares: self.shares(&eligible[..n_pots], rng, trials),
            });
        }
        let shares = &cache.as_ref().expect("just filled").shares;
        let mut value = [0i128; MAX_SEATS];
        for s in 0..self.n {
            value[s] = -i128::from(self.contributed[s]) * SHARES * trials;
            for (p, pot) in pots[..n_pots].iter().enumerate() {
                value[s] += i128::from(pot.amount) * shares[p][s];
            }
        }
        value
    }

    /// Each pot's shares per seat over `trials` deals of the cards to come
    /// (`SHARES` a trial, split among its winners).
    fn shares(
        &self,
        eligible: &[u8],
        rng: &mut Rng,
        trials: i128,
    ) -> [[i128; MAX_SEATS]; MAX_SEATS] {
        let mut shares = [[0i128; MAX_SEATS]; MAX_SEATS];
        if self.out == 0 {
            // Before any card: the seats' cards are exchangeable, so each
            // eligible seat's expected share is an equal part.
            for (p, &e) in eligible.iter().enumerate() {
                let k = i128::from(e.count_ones());
                for s in seats(e) {
                    shares[p][s] = trials * SHARES / k;
                }
            }
            return shares;
        }
        if eligible.iter().all(|e| e.is_power_of_two()) {
            for (p, &e) in eligible.iter().enumerate() {
                shares[p][e.trailing_zeros() as usize] = SHARES * trials;
            }
            return shares;
        }
        let plan = self.plan();
        let mut pool = [0 as Card; 52];
        let mut unseen = 0;
        for card in 0..52 {
            if self.out & (1 << card) == 0 {
                pool[unseen] = card;
                unseen += 1;
            }
        }
        // Nothing left to deal: one trial is every trial.
        for _ in 0..if plan.draws == 0 { 1 } else { trials } {
            // A partial Fisher–Yates: the first `draws` cards of the pool.
            for i in 0..plan.draws {
                let j = i + rng.below(unseen - i);
                pool.swap(i, j);
            }
            let ranks = self.ranks(&plan, &pool);
            for (p, &e) in eligible.iter().enumerate() {
                let (mut best, mut won) = (u16::MAX, 0u8);
                for s in seats(e) {
                    if ranks[s] < best {
                        (best, won) = (ranks[s], 1 << s);
                    } else if ranks[s] == best {
                        won |= 1 << s;
                    }
                }
                let part = SHARES / i128::from(won.count_ones());
                for s in seats(won) {
                    shares[p][s] += part;
                }
            }
        }
        if plan.draws == 0 {
            for row in &mut shares {
                for share in row.iter_mut() {
                    *share *= trials;
                }
            }
        }
        shares
    }

    /// Each seat in the hand's rank once `pool` is dealt as `plan` says:
    /// seat by seat up to six cards, then seventh street (a card each, or
    /// one community card).
    fn ranks(&self, plan: &Plan, pool: &[Card; 52]) -> [u16; MAX_SEATS] {
        let mut ranks = [u16::MAX; MAX_SEATS];
        let mut hands = self.cards;
        let mut held = self.held;
        let mut next = 0;
        for s in seats(self.in_hand) {
            while held[s] < 6 {
                hands[s][held[s]] = pool[next];
                held[s] += 1;
                next += 1;
            }
        }
        let community = match plan.seventh {
            Seventh::Dealt => self.community,
            Seventh::Each => None,
            Seventh::Community => {
                next += 1;
                Some(pool[next - 1])
            }
        };
        for s in seats(self.in_hand) {
            if plan.seventh == Seventh::Each {
                hands[s][6] = pool[next];
                held[s] = 7;
                next += 1;
            } else if let Some(card) = community {
                hands[s][held[s]] = card;
                held[s] += 1;
            }
            ranks[s] = rank_unchecked(&hands[s][..held[s]]);
        }
        ranks
    }

    /// How the rest of the hand would be dealt if every seat in went to
    /// showdown: its up cards to six each, then seventh street, a card each
    /// or, if the deck runs short (seventh street, burns and the short deck), one community card.
    fn plan(&self) -> Plan {
        let live = seats(self.in_hand);
        let players = self.in_hand.count_ones() as usize;
        let held = live.clone().map(|s| self.held[s]).max().unwrap_or(0);
        let to_six: usize = live.map(|s| 6 - self.held[s].min(6)).sum();
        if held == 7 || self.community.is_some() {
            return Plan {
                draws: to_six,
                seventh: Seventh::Dealt,
            };
        }
        // One burn before each street up to the sixth still to come.
        let burns = self.burns + if self.burn_cards { 6 - held } else { 0 };
        let dealt = self.out.count_ones() as usize + to_six;
        let mut stub = 52 - dealt - burns;
        let each = if self.burn_cards {
            if stub < players + 2 {
                stub += burns;
            }
            stub - 1 > players
        } else {
            stub >= players
        };
        Plan {
            draws: to_six + if each { players } else { 1 },
            seventh: if each {
                Seventh::Each
            } else {
                Seventh::Community
            },
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Seventh {
    Dealt,
    Each,
    Community,
}

struct Plan {
    draws: usize,
    seventh: Seventh,
}

/// The seats of a mask, lowest first.
fn seats(mask: u8) -> impl Iterator<Item = usize> + Clone {
    (0..MAX_SEATS).filter(move |s| mask & (1 << s) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Action;
    use crate::hand::DeckSource;
    use crate::rules::Rules;
    use crate::strategy::Strategy;

    /// A hand of `n` seats played to the end, history kept; short and
    /// uneven stacks make side pots.
    fn played(n: usize, burn_cards: bool, seed: u64, strategies: &[Strategy]) -> Hand {
        let rules = Rules {
            burn_cards,
            ..Rules::default()
        };
        let stacks: Vec<u64> = (0..n as u64)
            .map(|s| 12 + (seed * 7 + s * 29) % 90)
            .collect();
        let mut hand = Hand::new(rules, &stacks, DeckSource::Seed(seed)).unwrap();
        let mut rng = Rng::new(seed ^ 0xABCD);
        while let Some(seat) = hand.actor() {
            let action = strategies[seat % strategies.len()].decide(&hand, &mut rng);
            hand.act_legal(action);
        }
        hand
    }

    /// Hands where the first `folders` seats after seat 0 fold on street
    /// `street` to seat 0's bet and the rest call down: every count of seats
    /// left for seventh street, around the deck running short.
    fn folds(n: usize, burn_cards: bool, street: u8, folders: usize) -> Hand {
        use crate::event::Action::{Bet, Call, Check, Complete, Fold};
        let rules = Rules {
            burn_cards,
            ..Rules::default()
        };
        let mut hand = Hand::new(rules, &vec![1000; n], DeckSource::Seed(n as u64)).unwrap();
        while let Some(seat) = hand.actor() {
            let legal = hand.legal_actions();
            let wanted: &[Action] = if seat == 0 {
                &[Complete, Bet, Call, Check]
            } else if seat <= folders && hand.street() == Some(street) {
                &[Fold, Check]
            } else {
                &[Call, Check]
            };
            let action = wanted.iter().copied().find(|&a| legal.contains(a));
            hand.act_legal(action.unwrap_or_else(|| legal.iter().next().unwrap()));
        }
        hand
    }

    fn hands() -> impl Iterator<Item = Hand> {
        use Strategy::{CheckCall, Random, Tight};
        (2..=8)
            .flat_map(|n| {
                (0..60u64).map(move |seed| {
                    let mix: &[Strategy] = match seed % 3 {
                        0 => &[CheckCall],
                        1 => &[Random],
                        _ => &[Tight, Random, CheckCall],
                    };
                    played(n, seed % 2 == 1, seed * 11 + n as u64, mix)
                })
            })
            .chain((6..=8).flat_map(|n| {
                (0..14).flat_map(move |case| {
                    (3..=6).map(move |street| folds(n, case % 2 == 1, street, case / 2))
                })
            }))
    }

    #[test]
    fn a_hands_luck_sums_to_zero_and_repeats_with_its_seed() {
        for hand in hands() {
            let luck_a = luck(&hand, &mut Rng::new(5));
            assert_eq!(luck_a.iter().sum::<i128>(), 0);
            assert_eq!(luck_a, luck(&hand, &mut Rng::new(5)));
        }
    }

    /// A deal that reaches seventh street deals it as the plan said it
    /// would (a card each or one community card), and as many cards; an
    /// earlier deal leaves the plan as it was, less the cards it dealt (so
    /// the value before and after it is of one way of dealing the rest).
    #[test]
    fn the_plan_deals_the_rest_of_the_hand_as_the_hand_does() {
        let (mut seen, mut kept) = ([0; 2], 0);
        for hand in hands() {
            let mut plan = None;
            let mut dealt_before = 0;
            replay(&hand, |state, edge| match edge {
                Edge::BeforeDeal => {
                    plan = (state.out != 0).then(|| state.plan());
                    dealt_before = state.out.count_ones();
                }
                Edge::AfterDeal => {
                    let Some(plan) = plan.take() else { return };
                    let dealt = state.out.count_ones() - dealt_before;
                    let done = seats(state.in_hand).all(|s| state.held[s] == 7)
                        || state.community.is_some();
                    if done {
                        let community = state.community.is_some();
                        seen[usize::from(community)] += 1;
                        assert_eq!(plan.seventh == Seventh::Community, community);
                        assert_eq!(plan.draws as u32, dealt);
                    } else {
                        let after = state.plan();
                        assert!(after.seventh == plan.seventh);
                        assert_eq!(after.draws as u32 + dealt, plan.draws as u32);
                        kept += 1;
                    }
                }
            });
        }
        assert!(
            seen[0] > 100 && seen[1] > 5 && kept > 1000,
            "{seen:?} {kept}"
        );
    }

    /// The value before seventh street is the average of the values after
    /// it over every way it can be dealt: the sampled value is within a
    /// hundredth of a pot of the enumerated one.
    #[test]
    fn the_value_before_a_deal_is_the_mean_of_the_values_after_it() {
        let mut checked = [0; 2];
        for hand in hands() {
            replay(&hand, |state, edge| {
                if edge != Edge::BeforeDeal
                    || state.out == 0
                    || state.plan().seventh == Seventh::Dealt
                {
                    return;
                }
                let plan = state.plan();
                let live: Vec<usize> = seats(state.in_hand).collect();
                if plan.draws
                    != if plan.seventh == Seventh::Community {
                        1
                    } else {
                        live.len()
                    }
                    || (plan.seventh == Seventh::Each && live.len() > 3)
                {
                    return;
                }
                let unseen: Vec<Card> = (0..52).filter(|&c| state.out & (1 << c) == 0).collect();
                let mut sum = [0i128; MAX_SEATS];
                let mut outcomes = 0i128;
                let mut after = |cards: &[Card]| {
                    let mut next = State { ..*state };
                    if plan.seventh == Seventh::Community {
                        next.community = Some(cards[0]);
                        next.out |= 1 << cards[0];
                    } else {
                        for (&s, &c) in live.iter().zip(cards) {
                            next.give(s, c);
                        }
                    }
                    let v = next.value(&mut Rng::new(0), &mut None, 1);
                    for s in 0..MAX_SEATS {
                        sum[s] += v[s];
                    }
                    outcomes += 1;
                };
                // Every ordered choice of `draws` distinct unseen cards.
                let mut pick = vec![0usize; plan.draws];
                'outer: loop {
                    let cards: Vec<Card> = pick.iter().map(|&i| unseen[i]).collect();
                    if (1..cards.len()).all(|i| !cards[..i].contains(&cards[i])) {
                        after(&cards);
                    }
                    for i in (0..pick.len()).rev() {
                        pick[i] += 1;
                        if pick[i] < unseen.len() {
                            continue 'outer;
                        }
                        pick[i] = 0;
                    }
                    break;
                }
                let trials = 40_000;
                let sampled = state.value(&mut Rng::new(9), &mut None, trials);
                let pot: u64 = state.contributed.iter().sum();
                for s in 0..state.n {
                    // Both as fractions of a chip.
                    let exact = sum[s] as f64 / (outcomes * SHARES) as f64;
                    let estimate = sampled[s] as f64 / (trials * SHARES) as f64;
                    assert!(
                        (exact - estimate).abs() <= 0.01 * pot as f64,
                        "{exact} {estimate}"
                    );
                }
                checked[usize::from(plan.seventh == Seventh::Community)] += 1;
            });
        }
        assert!(checked[0] > 50 && checked[1] > 3, "{checked:?}");
    }
}
