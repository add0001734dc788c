//! Local best response (Lisý and Bowling, "Equilibrium Approximation
//! Quality of Current No-Limit Poker Bots", 2017), heads-up: a responder
//! that tracks a strategy's range by Bayes' rule (`range`) and at each of
//! its decisions takes the action of highest value assuming both players
//! then check or call to the showdown (`responder`). What it wins against
//! the strategy is a lower bound on what a best response wins, since a
//! best response wins at least as much as any responder (docs/BOTS.md).
//!
//! Hands come in chunks of `CHUNK`, seeded as `simulate`'s, so the result
//! never depends on the thread count; hand `2j` and `2j + 1` of a run share
//! deal `j` (the deck and the opponent's generator of `hand_seeds(seed,
//! j)`), with the responder in seat 0, then in seat 1.

pub mod range;
pub mod responder;

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::error::Error;
use crate::event::Action;
use crate::hand::{DeckSource, Hand};
use crate::probabilities::Probs;
use crate::rng::{hand_seeds, Rng};
use crate::rules::Rules;
use crate::sim::{AroundChunk, CHUNK};
use crate::threads::run_in;
use range::{Live, Range, Unseen};

/// Sets the responder's sampling generator apart from the opponent's.
const SAMPLING: u64 = 0x6A09_E667_F3BC_C909;

/// The strategy the responder plays against: its probabilities for the
/// hand's actor (fallible: a Python strategy may raise), and whether its
/// range may be kept by rank class.
pub struct Opponent<'a, E> {
    pub probs: &'a (dyn Fn(&Hand) -> Result<Probs, E> + Sync),
    pub suit_blind: bool,
}

/// A heads-up run: rules, the two starting stacks, seed and hands (even:
/// each deal is played once with the responder in each seat).
pub struct LbrTable<'a> {
    pub rules: Rules,
    pub stacks: &'a [u64],
    pub seed: u64,
    pub hands: u64,
}

/// Exact sums of a run: the responder's chips per seat it held, the
/// squares per hand (per seat) and per deal (both seats together).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LbrTotals {
    pub hands: u64,
    pub deals: u64,
    pub net: [i128; 2],
    pub sum_sq: [u128; 2],
    pub seat_hands: [u64; 2],
    pub deal_sq: u128,
}

impl LbrTotals {
    pub fn merge(mut self, o: LbrTotals) -> LbrTotals {
        self.hands += o.hands;
        self.deals += o.deals;
        for s in 0..2 {
            self.net[s] += o.net[s];
            self.sum_sq[s] += o.sum_sq[s];
            self.seat_hands[s] += o.seat_hands[s];
        }
        self.deal_sq += o.deal_sq;
        self
    }
}

/// The responder's state in one hand: the opponent's range and what it
/// reuses between decisions.
pub struct Responder {
    pub seat: usize,
    pub range: Range,
    live: Vec<Live>,
    folds: Vec<f64>,
}

impl Responder {
    pub fn new(seat: usize, suit_blind: bool) -> Responder {
        Responder {
            seat,
            range: Range::new(suit_blind),
            live: Vec::new(),
            folds: Vec::new(),
        }
    }

    /// The cards the responder has not seen in `hand`.
    pub fn unseen(&self, hand: &Hand) -> Unseen {
        let opp = 1 - self.seat;
        let seen = hand
            .down_cards(self.seat)
            .iter()
            .chain(hand.up_cards(self.seat))
            .chain(hand.up_cards(opp))
            .chain(hand.community_cards())
            .copied();
        Unseen::without(seen)
    }

    /// The range brought up to `hand`'s street, and its live holdings.
    pub fn live(&mut self, hand: &Hand) -> &[Live] {
        let unseen = self.unseen(hand);
        let opp = 1 - self.seat;
        if hand.down_cards(opp).len() == 3 {
            self.range.grow_to_seventh(&unseen);
        }
        self.range.live(&unseen, &mut self.live);
        &self.live
    }

    /// Each live holding's probabilities of `action` in `hand` (the
    /// opponent to act), into `out`.
    fn each_holding<E>(
        live: &[Live],
        hand: &Hand,
        opponent: &Opponent<'_, E>,
        action: Action,
        out: &mut Vec<f64>,
    ) -> Result<(), E> {
        let opp = hand.actor().expect("the opponent is to act");
        let down = hand.down_cards(opp).len();
        let mut scratch = hand.clone();
        out.clear();
        for l in live {
            scratch
                .set_down_cards(opp, &l.cards[..down])
                .expect("a holding has the seat's number of down cards");
            out.push((opponent.probs)(&scratch)?[action as usize]);
        }
        Ok(())
    }

    /// Bayes' rule on the opponent's `action` in `hand` (before it acts).
    pub fn observe<E>(
        &mut self,
        hand: &Hand,
        opponent: &Opponent<'_, E>,
        action: Action,
    ) -> Result<(), E> {
        self.live(hand);
        let mut probs = std::mem::take(&mut self.folds);
        Self::each_holding(&self.live, hand, opponent, action, &mut probs)?;
        for (l, &p) in self.live.iter().zip(&probs) {
            self.range.scale(l.entry, p);
        }
        self.folds = probs;
        self.range.normalise(&self.live);
        Ok(())
    }

    /// The value of each legal action (`responder::values`) with the
    /// showdown shares drawn from `rng`.
    pub fn values<E>(
        &mut self,
        hand: &Hand,
        opponent: &Opponent<'_, E>,
        rng: &mut Rng,
    ) -> Result<[Option<f64>; 7], E> {
        self.live(hand);
        let unseen = self.unseen(hand);
        let shares = responder::shares(hand, self.seat, &self.live, &unseen, rng);
        let live = &self.live;
        let mut fold_probs = |next: &Hand, out: &mut Vec<f64>| {
            Self::each_holding(live, next, opponent, Action::Fold, out)
        };
        responder::values(hand, live, &shares, &mut fold_probs)
    }
}

/// Plays `hand` (just dealt) to the end with the responder in `seat`; the
/// responder's net chips.
pub fn play_hand<E>(
    hand: &mut Hand,
    seat: usize,
    opponent: &Opponent<'_, E>,
    decisions: u64,
) -> Result<i64, E> {
    let mut them = Rng::new(decisions);
    let mut samples = Rng::new(decisions ^ SAMPLING);
    let mut me = Responder::new(seat, opponent.suit_blind);
    while let Some(actor) = hand.actor() {
        let action = if actor == seat {
            let values = me.values(hand, opponent, &mut samples)?;
            responder::best(&values)
        } else {
            let action = responder::sample(&(opponent.probs)(hand)?, &mut them);
            me.observe(hand, opponent, action)?;
            action
        };
        hand.act_legal(action);
    }
    Ok(hand.payoffs()[seat])
}

/// Plays chunks `first_chunk .. first_chunk + n_chunks` of `table` on
/// `threads` threads and sums the responder's results; once `stop` is set
/// no further hand starts (the sums then cover fewer hands). `around`
/// runs each chunk (the bindings attach a thread to Python once a chunk);
/// `history`: the hands keep theirs (for strategies that read it).
#[allow(clippy::too_many_arguments)]
pub fn lbr_chunks<E: Send + From<Error>>(
    table: &LbrTable<'_>,
    first_chunk: u64,
    n_chunks: u64,
    threads: Option<usize>,
    stop: &AtomicBool,
    opponent: &Opponent<'_, E>,
    history: bool,
    around: &AroundChunk<'_>,
) -> Result<LbrTotals, E> {
    let run = || {
        (first_chunk..first_chunk + n_chunks)
            .into_par_iter()
            .map(|chunk| {
                let mut out = Ok(LbrTotals::default());
                around(&mut || out = play_chunk(table, chunk, opponent, history, stop));
                out
            })
            .try_reduce(LbrTotals::default, |a, b| Ok(a.merge(b)))
    };
    run_in(threads, run)?
}

/// One chunk's hands, pairs of hands on one deal; none once `stop` is set.
pub fn play_chunk<E>(
    table: &LbrTable<'_>,
    chunk: u64,
    opponent: &Opponent<'_, E>,
    history: bool,
    stop: &AtomicBool,
) -> Result<LbrTotals, E> {
    let mut totals = LbrTotals::default();
    let first = chunk * CHUNK;
    let end = (first + CHUNK).min(table.hands);
    let mut hand =
        Hand::new(table.rules, table.stacks, DeckSource::Seed(0)).expect("the table was validated");
    hand.set_record_history(history);
    let mut k = first;
    while k < end && !stop.load(Ordering::Relaxed) {
        let (deck, decisions) = hand_seeds(table.seed, k / 2);
        let mut on_deal = 0i128;
        for seat in 0..2 {
            if k >= end {
                break;
            }
            hand.redeal(DeckSource::Seed(deck));
            let net = play_hand(&mut hand, seat, opponent, decisions)?;
            totals.hands += 1;
            totals.seat_hands[seat] += 1;
            totals.net[seat] += i128::from(net);
            totals.sum_sq[seat] += u128::from(net.unsigned_abs()).pow(2);
            on_deal += i128::from(net);
            k += 1;
        }
        totals.deals += 1;
        totals.deal_sq += on_deal.unsigned_abs().pow(2);
    }
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;
    use crate::probabilities::Probabilities;
    use crate::strategy::Strategy;

    fn run(strategy: Strategy, hands: u64, threads: Option<usize>) -> LbrTotals {
        let probs = |hand: &Hand| Ok::<_, Error>(strategy.probabilities(hand));
        let opponent = Opponent {
            probs: &probs,
            suit_blind: true,
        };
        let stacks = [1000, 1000];
        let table = LbrTable {
            rules: Rules::default(),
            stacks: &stacks,
            seed: 5,
            hands,
        };
        let stop = AtomicBool::new(false);
        let chunks = hands.div_ceil(CHUNK);
        let around = crate::sim::plain_chunk;
        lbr_chunks(&table, 0, chunks, threads, &stop, &opponent, false, &around).unwrap()
    }

    #[test]
    fn beats_check_call_the_same_on_any_threads() {
        let one = run(Strategy::CheckCall, 400, Some(1));
        assert_eq!(one.hands, 400);
        assert_eq!(one.deals, 200);
        assert!(one.net[0] + one.net[1] > 0, "{one:?}");
        assert_eq!(run(Strategy::CheckCall, 400, Some(2)), one);
    }

    /// The Monte Carlo share on sixth street (one card to come each) agrees
    /// with the exact share over every holding and both cards to come.
    #[test]
    fn sampled_shares_agree_with_exact_enumeration() {
        use crate::eval::LowKey;
        let probs = |h: &Hand| Ok::<_, Error>(Strategy::Tight.probabilities(h));
        let opponent = Opponent {
            probs: &probs,
            suit_blind: true,
        };
        let mut checked = 0;
        for deal in 0..40 {
            let mut hand =
                Hand::new(Rules::default(), &[500, 500], DeckSource::Seed(deal)).unwrap();
            let mut me = Responder::new(0, true);
            let mut rng = Rng::new(deal);
            while hand.actor().is_some() && hand.street() != Some(6) {
                let a = if hand.actor() == Some(1) {
                    let a = responder::sample(&probs(&hand).unwrap(), &mut rng);
                    me.observe(&hand, &opponent, a).unwrap();
                    a
                } else {
                    Strategy::CheckCall.decide(&hand, &mut rng)
                };
                hand.act_legal(a);
            }
            if hand.street() != Some(6) || hand.folded(1) {
                continue;
            }
            let live = me.live(&hand).to_vec();
            let unseen = me.unseen(&hand);
            // Exact: every holding, then every ordered pair of cards left.
            let key = |cards: &[Card]| cards.iter().fold(LowKey::EMPTY, |k, &c| k.with(c));
            let theirs_up = key(hand.up_cards(1));
            let (mut num, mut den) = (0.0, 0.0);
            for l in &live {
                let held = &l.cards[..2];
                let left: Vec<Card> = (0..52u8)
                    .filter(|&c| unseen.has(c) && !held.contains(&c))
                    .collect();
                let (mut sum, mut n) = (0.0, 0.0);
                for &x in &left {
                    for &y in &left {
                        if x != y {
                            let mine = hand.low_key(0).with(x);
                            let theirs = key(held).merge(theirs_up).with(y);
                            sum += match mine.rank().cmp(&theirs.rank()) {
                                std::cmp::Ordering::Less => 1.0,
                                std::cmp::Ordering::Equal => 0.5,
                                std::cmp::Ordering::Greater => 0.0,
                            };
                            n += 1.0;
                        }
                    }
                }
                num += l.weight * sum / n;
                den += l.weight;
            }
            let exact = num / den;
            let mut sampled = 0.0;
            let rounds = 40;
            for r in 0..rounds {
                let shares = responder::shares(&hand, 0, &live, &unseen, &mut Rng::new(r));
                sampled += shares.against(None).unwrap() / f64::from(rounds as u32);
            }
            // 10,240 draws: a standard error of at most 0.005.
            assert!(
                (sampled - exact).abs() < 0.02,
                "deal {deal}: {sampled} vs {exact}"
            );
            checked += 1;
        }
        assert!(checked >= 5, "{checked}");
    }

    /// A range by card holding and one by rank class give a suit-blind
    /// strategy the same weights (summed over each class).
    #[test]
    fn card_and_class_ranges_agree() {
        let mut hand = Hand::new(Rules::default(), &[100, 100], DeckSource::Seed(9)).unwrap();
        let probs = |h: &Hand| Ok::<_, Error>(Strategy::Tight.probabilities(h));
        let opponent = Opponent {
            probs: &probs,
            suit_blind: true,
        };
        let mut rng = Rng::new(4);
        let (mut by_class, mut by_card) = (Responder::new(0, true), Responder::new(0, false));
        while let Some(actor) = hand.actor() {
            let action = if actor == 1 {
                let a = responder::sample(&probs(&hand).unwrap(), &mut rng);
                by_class.observe(&hand, &opponent, a).unwrap();
                by_card.observe(&hand, &opponent, a).unwrap();
                a
            } else {
                Strategy::CheckCall.decide(&hand, &mut rng)
            };
            let total = |r: &mut Responder| {
                let mut sums = std::collections::BTreeMap::new();
                let live = r.live(&hand).to_vec();
                let top: f64 = live.iter().map(|l| l.weight).sum();
                for l in live {
                    let mut ranks: Vec<u8> =
                        l.cards[..r.range.down()].iter().map(|c| c / 4).collect();
                    ranks.sort_unstable();
                    *sums.entry(ranks).or_insert(0.0) += l.weight / top;
                }
                sums
            };
            let (a, b) = (total(&mut by_class), total(&mut by_card));
            assert_eq!(a.len(), b.len());
            for (k, v) in &a {
                assert!((v - b[k]).abs() < 1e-9, "{k:?}: {v} vs {}", b[k]);
            }
            hand.act_legal(action);
        }
    }
}
