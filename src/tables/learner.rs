//! One learning seat's table, the single-agent environment's core: the
//! hands of a run dealt one after another on one table, as `Tables` deals
//! them (hand `k` from the run's seed and `k`), the built-in seats played
//! up to the next decision of the learner or of a caller's seat. A step
//! is one learner decision, given as one of three choices (fold, check or
//! call, bet or raise) and mapped to that state's legal action: one call
//! per decision, where stepping a table of `Tables` from Python took
//! several array operations each.

use super::{play_builtins_or, Player};
use crate::error::{Error, Result};
use crate::event::{Action, ActionSet};
use crate::hand::{DeckSource, Hand};
use crate::pots::MAX_SEATS;
use crate::rng::{hand_seeds, Rng};
use crate::rules::Rules;

/// The three choices of a learning agent: 0 fold, 1 passive, 2 aggressive.
pub const CHOICES: u8 = 3;

/// Who is to act once the built-in seats have played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Learner,
    /// A seat the caller decides for (a Python opponent).
    Caller(usize),
}

pub struct Learner {
    seat: usize,
    players: [Player; MAX_SEATS],
    seed: u64,
    /// The index in the run of the hand on the table.
    index: u64,
    hand: Hand,
    rng: Rng,
    /// The learner's net chips in the first hand that ended since its last
    /// decision (a hand it never acted in may end after it, unreported).
    ended: Option<i64>,
    /// A `stop` paused the built-in seats mid-hand (Ctrl-C in a raise war
    /// with no cap): the table is done with, a new one is needed.
    stopped: bool,
}

/// The error of a table whose hand a `stop` paused.
fn stopped_error() -> Error {
    Error::InvalidArgument(
        "this table's hand was stopped mid-way (Ctrl-C): reset() for a new one".into(),
    )
}

impl Learner {
    /// A table of `stacks.len()` seats playing the run seeded by `seed`,
    /// the learner at `seat` (its entry of `players` is ignored), the first
    /// hand played up to the first decision of the learner or a caller.
    /// The learner must be able to act: stacks of at most the ante would
    /// put every seat all in on every hand.
    pub fn new(
        rules: Rules,
        stacks: &[u64],
        players: &[Player],
        seat: usize,
        seed: u64,
    ) -> Result<Learner> {
        Learner::new_or(rules, stacks, players, seat, seed, &mut || false)
    }

    /// `new`, its built-in seats asking `stop()` every
    /// [`LOOK_EVERY`](super::LOOK_EVERY) actions of a hand: once it says
    /// yes they stop, and the table refuses every later step.
    pub fn new_or(
        rules: Rules,
        stacks: &[u64],
        players: &[Player],
        seat: usize,
        seed: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Learner> {
        let mut hand = Hand::new(rules, stacks, DeckSource::Seed(0))?;
        if players.len() != stacks.len() {
            return Err(Error::InvalidArgument(format!(
                "{} strategies for {} players",
                players.len(),
                stacks.len()
            )));
        }
        if seat >= stacks.len() {
            return Err(Error::InvalidArgument(format!(
                "seat must be 0..{}, got {seat}",
                stacks.len() - 1
            )));
        }
        // Every hand would end before the learner's turn (and `advance`
        // deal on forever) if the antes put it, or every other seat, all in.
        let ante = hand.rules().ante;
        let bets = |(s, &chips): (usize, &u64)| s != seat && chips > ante;
        if stacks[seat] <= ante || !stacks.iter().enumerate().any(bets) {
            return Err(Error::InvalidArgument(format!(
                "stacks must be more than the ante ({ante}), the learner's and another's, \
                 got {stacks:?}: the antes would put every seat all in and the learner \
                 would never act"
            )));
        }
        let mut seats = [Player::Batch(0); MAX_SEATS];
        seats[..players.len()].copy_from_slice(players);
        seats[seat] = Player::Batch(0);
        // The views of callers' seats read the history.
        hand.set_record_history(true);
        let mut learner = Learner {
            seat,
            players: seats,
            seed,
            index: 0,
            hand,
            rng: Rng::new(0),
            ended: None,
            stopped: false,
        };
        learner.deal();
        learner.advance(stop);
        learner.ended = None;
        Ok(learner)
    }

    pub fn seat(&self) -> usize {
        self.seat
    }
    /// The hand on the table now.
    pub fn hand(&self) -> &Hand {
        &self.hand
    }
    /// The learner's net chips in the first hand that ended since its last
    /// decision, if one did.
    pub fn ended(&self) -> Option<i64> {
        self.ended
    }
    /// Who is to act now (never nobody: a hand that ends is followed by
    /// the next).
    pub fn turn(&self) -> Turn {
        match self.hand.actor() {
            Some(s) if s != self.seat => Turn::Caller(s),
            _ => Turn::Learner,
        }
    }

    /// The learner's decision: `choice` mapped to the legal action
    /// (`choice_action`), then the built-in seats play on; the hand that
    /// ends is followed by the next. An error if a caller's seat is to act.
    pub fn step(&mut self, choice: u8) -> Result<Turn> {
        self.step_or(choice, &mut || false)
    }

    /// `step`, the built-in seats stopped as `new_or`'s are.
    pub fn step_or(&mut self, choice: u8, stop: &mut dyn FnMut() -> bool) -> Result<Turn> {
        if self.stopped {
            return Err(stopped_error());
        }
        if choice >= CHOICES {
            return Err(Error::InvalidArgument(format!(
                "a choice is 0, 1 or 2, got {choice}"
            )));
        }
        if let Turn::Caller(s) = self.turn() {
            return Err(Error::InvalidArgument(format!(
                "seat {s} is to act, not the learner's seat {}: an opponent's decision is \
                 missing (did an opponent raise? then reset())",
                self.seat
            )));
        }
        self.ended = None;
        let action = choice_action(choice, self.hand.legal_actions());
        self.hand.act_legal(action);
        Ok(self.advance(stop))
    }

    /// The decision of the caller's seat that is to act; an illegal action
    /// is an error that changes nothing, and so is the learner's turn.
    pub fn act(&mut self, action: Action) -> Result<Turn> {
        self.act_or(action, &mut || false)
    }

    /// `act`, the built-in seats stopped as `new_or`'s are.
    pub fn act_or(&mut self, action: Action, stop: &mut dyn FnMut() -> bool) -> Result<Turn> {
        if self.stopped {
            return Err(stopped_error());
        }
        if self.turn() == Turn::Learner {
            return Err(Error::InvalidArgument(format!(
                "the learner's seat {} is to act: it steps with a choice",
                self.seat
            )));
        }
        self.hand.act(action)?;
        Ok(self.advance(stop))
    }

    /// Deals the next hand of the run.
    fn deal(&mut self) {
        let (deck, decisions) = hand_seeds(self.seed, self.index);
        self.index += 1;
        self.hand.redeal(DeckSource::Seed(deck));
        self.rng = Rng::new(decisions);
    }

    /// Plays the built-in seats, noting the first hand that ends and
    /// dealing the next, until the learner or a caller is to act, or
    /// `stop` stops them.
    fn advance(&mut self, stop: &mut dyn FnMut() -> bool) -> Turn {
        loop {
            if play_builtins_or(&self.players, &mut self.hand, &mut self.rng, stop).is_some() {
                self.stopped = true;
                return self.turn();
            }
            if self.hand.is_over() {
                if self.ended.is_none() {
                    self.ended = Some(self.hand.payoffs()[self.seat]);
                }
                self.deal();
                continue;
            }
            return self.turn();
        }
    }
}

/// The legal action a choice means in a state with `legal` actions (as
/// `razz_fast.discrete.to_action` maps it): 0 folds where folding is
/// legal, 2 completes, bets or raises where one is; anything else, and a
/// choice the state does not allow, brings in, calls or checks.
pub fn choice_action(choice: u8, legal: ActionSet) -> Action {
    let first = |actions: [Action; 3]| actions.into_iter().find(|&a| legal.contains(a));
    let passive = first([Action::BringIn, Action::Call, Action::Check]).unwrap_or(Action::Fold);
    match choice {
        0 if legal.contains(Action::Fold) => Action::Fold,
        2 => first([Action::Complete, Action::Bet, Action::Raise]).unwrap_or(passive),
        _ => passive,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::Strategy;
    use crate::tables::Tables;

    fn rules() -> Rules {
        Rules {
            ante: 1,
            bring_in: 2,
            small_bet: 4,
            big_bet: 8,
            ..Rules::default()
        }
    }

    /// The learner's table deals and plays the run as a table of `Tables`
    /// does: the same hands, the same built-in decisions.
    #[test]
    fn a_learner_plays_the_run_as_one_table_of_tables() {
        let players = [
            Player::Batch(0),
            Player::Builtin(Strategy::Tight),
            Player::Builtin(Strategy::Random),
            Player::Builtin(Strategy::CheckCall),
        ];
        for seed in 0..20 {
            let stacks = [30 + seed; 4];
            let mut learner = Learner::new(rules(), &stacks, &players, 0, seed).unwrap();
            let mut tables =
                Tables::new(rules(), &stacks, &players, 1, seed, 0, u64::MAX, None).unwrap();
            let mut rng = Rng::new(seed);
            let mut ended = 0;
            for _ in 0..300 {
                // A table of `Tables` idles on a hand nobody could act in.
                while tables.hand(0).is_over() {
                    tables.step(&[0], None, None).unwrap();
                }
                assert_eq!(learner.hand().stacks(), tables.hand(0).stacks());
                assert_eq!(learner.hand().up_cards(1), tables.hand(0).up_cards(1));
                assert_eq!(learner.turn(), Turn::Learner);
                let choice = (rng.next_u64() % 3) as u8;
                let action = choice_action(choice, tables.hand(0).legal_actions());
                learner.step(choice).unwrap();
                tables.step(&[action as i64], None, None).unwrap();
                if tables.done()[0] {
                    ended += 1;
                    assert_eq!(learner.ended(), Some(tables.payoffs()[0]));
                } else {
                    assert_eq!(learner.ended(), None);
                }
            }
            assert!(ended > 20);
        }
    }

    #[test]
    fn choices_map_to_the_legal_action_they_mean() {
        use Action::*;
        let set = |actions: &[Action]| ActionSet(actions.iter().map(|&a| 1 << a as u8).sum());
        let cases = [
            (set(&[BringIn, Complete]), [BringIn, BringIn, Complete]),
            (set(&[Fold, Call, Raise]), [Fold, Call, Raise]),
            (set(&[Check, Bet]), [Check, Check, Bet]),
            (set(&[Fold, Call]), [Fold, Call, Call]),
        ];
        for (legal, expected) in cases {
            for (choice, action) in expected.into_iter().enumerate() {
                assert_eq!(choice_action(choice as u8, legal), action);
            }
        }
    }

    #[test]
    fn the_learner_steps_only_at_its_turn_and_callers_only_at_theirs() {
        let players = [
            Player::Batch(0),
            Player::Batch(1),
            Player::Builtin(Strategy::Tight),
        ];
        let mut learner = Learner::new(rules(), &[50; 3], &players, 1, 7).unwrap();
        for _ in 0..200 {
            match learner.turn() {
                Turn::Learner => {
                    assert!(learner.act(Action::Fold).is_err());
                    learner.step(1).unwrap();
                }
                Turn::Caller(seat) => {
                    assert_eq!(seat, 0);
                    assert!(learner.step(1).is_err());
                    let legal = learner.hand().legal_actions();
                    learner.act(legal.iter().next().unwrap()).unwrap();
                }
            }
        }
        assert!(learner.step(3).is_err());
        assert!(Learner::new(rules(), &[1; 3], &players, 1, 7).is_err());
        assert!(Learner::new(rules(), &[1, 2, 1], &players, 1, 7).is_err());
        assert!(Learner::new(rules(), &[2, 1, 1], &players, 1, 7).is_err());
        assert!(Learner::new(rules(), &[1, 2, 2], &players, 1, 7).is_ok());
        assert!(Learner::new(rules(), &[50; 3], &players, 3, 7).is_err());
    }
}
