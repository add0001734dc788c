//! The responder's decision: the value of each legal action, assuming both
//! players then check or call to the showdown (Lisý and Bowling 2017).
//!
//! * fold: 0 chips more;
//! * any other action `a`, putting in `x` of the responder's chips: with
//!   `f` the opponent's probability of folding to it (over the weighted
//!   range, from the strategy's probabilities in the state after `a`; 0
//!   unless the opponent is next to act on the same street and may fold),
//!   `f × pot + (1 − f) × (e × final pot − what it still puts in)`, where
//!   `e` is the responder's share of the pot at showdown against the range
//!   reweighted by each holding's probability of not folding, and the final
//!   pot has both players' contributions matched (the one behind calls, as
//!   far as its stack goes; the excess goes back).
//!
//! The share `e` is estimated by Monte Carlo with [`SAMPLES`] samples, each
//! a holding drawn from the range by weight, then the rest of both hands
//! drawn from the cards left; the same samples serve every action (each
//! action reweights them by its continuing probabilities). With no card to
//! come (seventh street) it is exact: every holding of the range in turn.
//! Only ranks matter to a razz low, so the samples are ranks.

use super::range::{Live, Unseen};
use crate::card::Card;
use crate::eval::LowKey;
use crate::event::Action;
use crate::hand::Hand;
use crate::probabilities::Probs;
use crate::rng::Rng;

/// Monte Carlo samples of a responder's decision before seventh street.
pub const SAMPLES: usize = 256;

/// Draws of the showdown share: (live holding, multiplier, share).
pub struct Shares {
    pub draws: Vec<(usize, f64, f64)>,
}

/// The responder's hand-to-come in a draw: its cards' key and the cards
/// both still get.
struct Seats {
    mine: LowKey,
    theirs_up: LowKey,
    mine_to_come: usize,
    theirs_to_come: usize,
}

fn share(mine: LowKey, theirs: LowKey) -> f64 {
    // A lower rank is a better low.
    match mine.rank().cmp(&theirs.rank()) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Greater => 0.0,
    }
}

/// The showdown shares of the responder (`seat`) against `live`: exact with
/// no card to come, else [`SAMPLES`] draws from `rng`.
pub fn shares(hand: &Hand, seat: usize, live: &[Live], unseen: &Unseen, rng: &mut Rng) -> Shares {
    let opp = 1 - seat;
    let key_of = |cards: &[Card]| cards.iter().fold(LowKey::EMPTY, |k, &c| k.with(c));
    let mut theirs_up = key_of(hand.up_cards(opp));
    for &c in hand.community_cards() {
        theirs_up = theirs_up.with(c);
    }
    let held = hand.down_cards(seat).len() + hand.up_cards(seat).len();
    let theirs = hand.down_cards(opp).len() + hand.up_cards(opp).len();
    let seats = Seats {
        mine: hand.low_key(seat),
        theirs_up,
        mine_to_come: 7 - (held + hand.community_cards().len()),
        theirs_to_come: 7 - (theirs + hand.community_cards().len()),
    };
    let down = hand.down_cards(opp).len();
    let mut draws = Vec::new();
    if seats.mine_to_come == 0 && seats.theirs_to_come == 0 {
        for (i, l) in live.iter().enumerate() {
            let theirs = key_of(&l.cards[..down]).merge(seats.theirs_up);
            draws.push((i, l.weight, share(seats.mine, theirs)));
        }
        return Shares { draws };
    }
    let total: f64 = live.iter().map(|l| l.weight).sum();
    if live.is_empty() || total <= 0.0 {
        return Shares { draws };
    }
    let mut cumulative = Vec::with_capacity(live.len());
    let mut sum = 0.0;
    for l in live {
        sum += l.weight;
        cumulative.push(sum);
    }
    // The unseen cards as ranks (suit 0), for drawing.
    let mut deck = [0 as Card; 52];
    let mut n = 0;
    for c in 0..52u8 {
        if unseen.has(c) {
            deck[n] = c & !3;
            n += 1;
        }
    }
    let need = seats.mine_to_come + seats.theirs_to_come;
    for _ in 0..SAMPLES {
        let u = (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64) * total;
        let i = cumulative.partition_point(|&c| c <= u).min(live.len() - 1);
        let held = &live[i].cards[..down];
        // The deck less the holding's ranks (one card of each), then a
        // partial shuffle for the cards to come.
        let mut left = deck;
        let mut m = n;
        for &c in held {
            let r = c & !3;
            if let Some(p) = left[..m].iter().position(|&x| x == r) {
                left[p] = left[m - 1];
                m -= 1;
            }
        }
        for k in 0..need.min(m) {
            let j = k + rng.below(m - k);
            left.swap(k, j);
        }
        let mine = left[..seats.mine_to_come]
            .iter()
            .fold(seats.mine, |k, &c| k.with(c));
        let theirs = left[seats.mine_to_come..need]
            .iter()
            .chain(held)
            .fold(seats.theirs_up, |k, &c| k.with(c));
        draws.push((i, 1.0, share(mine, theirs)));
    }
    Shares { draws }
}

impl Shares {
    /// The share against the range reweighted by `keep[i]` for live holding
    /// `i` (its probability of going on); `None` if no draw goes on.
    pub fn against(&self, keep: Option<&[f64]>) -> Option<f64> {
        let (mut num, mut den) = (0.0, 0.0);
        for &(i, m, s) in &self.draws {
            let w = m * keep.map_or(1.0, |k| k[i]);
            num += w * s;
            den += w;
        }
        (den > 0.0).then(|| num / den)
    }
}

/// The chips both end up with in the middle if the one behind calls after
/// `action` (as far as its stack goes): `(matched, responder's total)`.
fn matched(hand: &Hand, seat: usize, x: u64) -> u64 {
    let opp = 1 - seat;
    let a = hand.contributed(seat) + x;
    let a_max = hand.contributed(seat) + hand.stacks()[seat];
    let b = hand.contributed(opp);
    let b_max = b + hand.stacks()[opp];
    if a >= b {
        a.min(b_max)
    } else {
        b.min(a_max)
    }
}

/// Each live holding's probability of folding in a state (the opponent to
/// act), into the vector given; or the strategy's error.
pub type FoldProbs<'a, E> = dyn FnMut(&Hand, &mut Vec<f64>) -> Result<(), E> + 'a;

/// The value of each legal action of the responder (the hand's actor),
/// `None` off the legal actions; `fold_probs(next)` gives each live
/// holding's probability of folding in state `next` (the opponent to act).
pub fn values<E>(
    hand: &Hand,
    live: &[Live],
    shares: &Shares,
    fold_probs: &mut FoldProbs<'_, E>,
) -> Result<[Option<f64>; 7], E> {
    let seat = hand.actor().expect("the responder is to act");
    let opp = 1 - seat;
    let pot = hand.pot() as f64;
    let total: f64 = live.iter().map(|l| l.weight).sum();
    let full = shares.against(None).unwrap_or(0.5);
    let mut out = [None; 7];
    let mut folds = Vec::new();
    let mut keep = Vec::new();
    for action in hand.legal_actions().iter() {
        if action == Action::Fold {
            out[Action::Fold as usize] = Some(0.0);
            continue;
        }
        let x = hand.chips_for(action);
        let mut next = hand.clone();
        next.act_legal(action);
        let answers = next.actor() == Some(opp)
            && next.street() == hand.street()
            && next.legal_actions().contains(Action::Fold);
        let (p_fold, e) = if answers && total > 0.0 {
            fold_probs(&next, &mut folds)?;
            let p: f64 = live
                .iter()
                .zip(&folds)
                .map(|(l, f)| l.weight * f)
                .sum::<f64>()
                / total;
            keep.clear();
            keep.extend(folds.iter().map(|f| 1.0 - f));
            (p, shares.against(Some(&keep)).unwrap_or(full))
        } else {
            (0.0, full)
        };
        let m = matched(hand, seat, x);
        let still = m.saturating_sub(hand.contributed(seat)) as f64;
        let value = p_fold * pot + (1.0 - p_fold) * (e * 2.0 * m as f64 - still);
        out[action as usize] = Some(value);
    }
    Ok(out)
}

/// The action of highest value: the first maximum in `Action` order, fold
/// only when strictly better than every other action.
pub fn best(values: &[Option<f64>; 7]) -> Action {
    let mut pick: Option<(Action, f64)> = None;
    for action in Action::ALL.into_iter().skip(1).chain([Action::Fold]) {
        if let Some(v) = values[action as usize] {
            if pick.is_none_or(|(_, b)| v > b) {
                pick = Some((action, v));
            }
        }
    }
    pick.expect("the responder has a legal action").0
}

/// An action drawn from `probs` with one generator output: the first whose
/// running total passes a uniform draw (the last positive one if rounding
/// leaves the draw past them all).
pub fn sample(probs: &Probs, rng: &mut Rng) -> Action {
    let u = (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
    let mut sum = 0.0;
    let mut last = None;
    for action in Action::ALL {
        let p = probs[action as usize];
        if p > 0.0 {
            sum += p;
            last = Some(action);
            if u < sum {
                return action;
            }
        }
    }
    last.unwrap_or(Action::Fold)
}
