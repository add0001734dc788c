//! `Tables`: many independent hands stepped together (the API, "Many tables
//! at once"). Seats either play a built-in strategy, which the tables play
//! for them, or wait for the caller, who steps every waiting table at once.
//! A finished hand records its payoffs and the table deals the next hand of
//! the run; hand `k` of a run always gets the same cards and the same
//! built-in decisions for a seed (its generators come from `(seed, k)`), so
//! results never depend on how many tables or threads there are.

pub mod features;
pub mod layout;
pub mod learner;
pub mod obs;

use rayon::prelude::*;

use crate::error::{filled, Error, Result};
use crate::event::Action;
use crate::hand::{DeckSource, Hand};
use crate::policy::PolicyRef;
use crate::pots::MAX_SEATS;
use crate::rng::{hand_seeds, Rng};
use crate::rules::Rules;
use crate::strategy::Strategy;
use crate::threads::Pool;
pub use obs::{Obs, ObsRef};

/// Who decides for a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Builtin(Strategy),
    /// Asked one decision at a time (a Python callable in `simulate`); the
    /// number tells apart the caller's callables.
    External(u8),
    /// Decided by the caller for many tables at once; the number tells
    /// apart the caller's policies.
    Batch(u8),
    /// A `Policy` the core plays (docs/BOTS.md): a variant of its own, not
    /// a built-in `Strategy`, so that the built-ins' loops stay as they were.
    Policy(PolicyRef),
}

impl Player {
    /// Whether the core plays the seat itself, with no caller.
    pub fn in_core(self) -> bool {
        matches!(self, Player::Builtin(_) | Player::Policy(_))
    }

    /// Whether the seat draws from the hand's decision generator (the
    /// loops seed one a hand only for such tables).
    pub fn draws(self) -> bool {
        matches!(self, Player::Builtin(Strategy::Random) | Player::Policy(_))
    }
}

/// Tables at which one thread steps the others' share in parallel.
const PARALLEL_FROM: usize = 512;

/// A hand's actions between two looks at whether to stop (Ctrl-C): no
/// normal hand reaches it (a capped hand of eight has some 200 actions),
/// so normal hands only count their actions, while a raise war with no
/// cap (2^50 raises at stacks near the chip limit) is looked at about
/// every tenth of a millisecond.
pub const LOOK_EVERY: u32 = 1 << 10;

pub struct Tables {
    rules: Rules,
    stacks: Vec<u64>,
    players: [Player; MAX_SEATS],
    seed: u64,
    hands: Vec<Hand>,
    rngs: Vec<Rng>,
    /// Whether the table's hand has been counted (its payoffs reported),
    /// or it idles for want of hands.
    settled: Vec<bool>,
    /// The index in the run of the table's hand, and the caller's actions
    /// in it so far: with the hand's seeds they replay it (`replayed`),
    /// history and all, which the hands stepped here do not record (that
    /// would cost several times the step).
    index: Vec<u64>,
    asked: Vec<Vec<Action>>,
    /// The built-in actions a hand paused by `stop` has played since the
    /// caller's last action (0: not paused), so that `replayed` stops
    /// where it stopped. Always a multiple of `LOOK_EVERY`.
    paused: Vec<u64>,
    next: u64,
    end: u64,
    done: Vec<bool>,
    payoffs: Vec<i64>,
    hands_played: u64,
    pool: Pool,
}

impl Tables {
    /// `tables` tables of `stacks.len()` seats playing hands `first ..
    /// end` of the run seeded by `seed` (hand `first + t` on table `t` to
    /// start with); built-in seats have played up to the first waiting
    /// decision. `threads`: `None` for rayon's global pool.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        rules: Rules,
        stacks: &[u64],
        players: &[Player],
        tables: usize,
        seed: u64,
        first: u64,
        end: u64,
        threads: Option<usize>,
    ) -> Result<Tables> {
        Tables::new_or(
            rules,
            stacks,
            players,
            tables,
            seed,
            first,
            end,
            threads,
            &mut || false,
        )
    }

    /// `new`, whose built-in seats pause a hand once `stop()` (asked every
    /// [`LOOK_EVERY`] actions of a hand) returns true: the tables are then
    /// consistent, and a paused hand plays on at the next step.
    #[allow(clippy::too_many_arguments)]
    pub fn new_or(
        rules: Rules,
        stacks: &[u64],
        players: &[Player],
        tables: usize,
        seed: u64,
        first: u64,
        end: u64,
        threads: Option<usize>,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Tables> {
        let proto = Hand::new(rules, stacks, DeckSource::Seed(0))?;
        if players.len() != stacks.len() {
            return Err(Error::InvalidArgument(format!(
                "{} strategies for {} players",
                players.len(),
                stacks.len()
            )));
        }
        if tables == 0 {
            return Err(Error::InvalidArgument("tables must be at least 1".into()));
        }
        // Every table starts with a hand of the run: a table without one
        // would hold a hand that is not part of it.
        if end.saturating_sub(first) < tables as u64 {
            return Err(Error::InvalidArgument(format!(
                "{tables} tables need at least {tables} hands, the run has {}",
                end.saturating_sub(first)
            )));
        }
        let pool = Pool::new(threads)?;
        let mut hand = proto;
        hand.set_record_history(false);
        let mut seats = [Player::Batch(0); MAX_SEATS];
        seats[..players.len()].copy_from_slice(players);
        // Every table's share is allocated fallibly: `tables` is the
        // caller's (up to `MAX_TABLES` in the bindings, a kilobyte or so
        // each), and memory short of it is an error, not an abort.
        let what = format!("{tables} tables");
        let mut t = Tables {
            rules: *hand.rules(),
            stacks: stacks.to_vec(),
            players: seats,
            seed,
            hands: filled(hand, tables, &what)?,
            rngs: filled(Rng::new(0), tables, &what)?,
            settled: filled(true, tables, &what)?,
            index: filled(0, tables, &what)?,
            asked: filled(Vec::new(), tables, &what)?,
            paused: filled(0, tables, &what)?,
            next: first,
            end,
            done: filled(false, tables, &what)?,
            payoffs: filled(0, tables.saturating_mul(stacks.len()), &what)?,
            hands_played: 0,
            pool,
        };
        for i in 0..tables {
            t.deal(i);
            t.play_on(i, stop);
        }
        Ok(t)
    }

    pub fn len(&self) -> usize {
        self.hands.len()
    }
    pub fn is_empty(&self) -> bool {
        self.hands.is_empty()
    }
    pub fn players(&self) -> usize {
        self.stacks.len()
    }
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn hand(&self, table: usize) -> &Hand {
        &self.hands[table]
    }
    pub fn done(&self) -> &[bool] {
        &self.done
    }
    /// `tables × players`: the payoffs of the hands finished in the last step.
    pub fn payoffs(&self) -> &[i64] {
        &self.payoffs
    }
    pub fn hands_played(&self) -> u64 {
        self.hands_played
    }
    /// Whether every hand of the run has been played and counted.
    pub fn finished(&self) -> bool {
        self.next >= self.end && self.settled.iter().all(|&s| s)
    }

    /// Whether a `stop` paused the hand at `table` (its built-in seats
    /// play it on at its table's next step).
    pub fn paused(&self, table: usize) -> bool {
        self.paused[table] > 0
    }

    /// The player of the seat to act at `table`, if anyone is to act.
    pub fn waiting(&self, table: usize) -> Option<Player> {
        self.hands[table].actor().map(|s| self.players[s])
    }

    /// Deals the next hand of the run on `table`, or lets it idle.
    fn deal(&mut self, table: usize) {
        if self.next >= self.end {
            return;
        }
        let (deck, decisions) = hand_seeds(self.seed, self.next);
        self.index[table] = self.next;
        self.asked[table].clear();
        self.paused[table] = 0;
        self.next += 1;
        self.hands[table].redeal(DeckSource::Seed(deck));
        self.rngs[table] = Rng::new(decisions);
        self.settled[table] = false;
    }

    /// Checks `actions` (one per table, ignored where no batch seat is to
    /// act) and applies them all, or none: an illegal one is an error that
    /// names its table. Then finished hands are counted (`done`,
    /// `payoffs`), their tables deal the next hands, built-in seats play
    /// up to the next waiting decision, and `obs` (if given) is rewritten.
    /// With `only`, the tables it marks are stepped and every other table
    /// stays exactly as it was (its action is not even checked).
    pub fn step(
        &mut self,
        actions: &[i64],
        only: Option<&[bool]>,
        obs: Option<Obs<'_>>,
    ) -> Result<()> {
        self.step_shown(actions, only, obs, |a| a.to_string(), &mut || false)
    }

    /// `step`, its error showing an action that is none by `show`: the
    /// caller's value may have been wider than an i64 (a numpy uint64
    /// narrowed by the bindings), and the error names what it gave.
    /// `stop()`, asked on the calling thread every [`LOOK_EVERY`] built-in
    /// actions of a hand, pauses that hand once it returns true (Ctrl-C in
    /// a raise war with no cap): the step otherwise completes, the paused
    /// hand is neither over nor counted, its row shows the built-in seat
    /// to act (the caller's action there is ignored), and the next step of
    /// its table plays it on.
    pub fn step_shown(
        &mut self,
        actions: &[i64],
        only: Option<&[bool]>,
        obs: Option<Obs<'_>>,
        show: impl Fn(i64) -> String,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<()> {
        if actions.len() != self.len() {
            return Err(Error::InvalidArgument(format!(
                "actions has {} entries for {} tables",
                actions.len(),
                self.len()
            )));
        }
        if let Some(only) = only {
            if only.len() != self.len() {
                return Err(Error::InvalidArgument(format!(
                    "the tables to step are {} flags for {} tables",
                    only.len(),
                    self.len()
                )));
            }
        }
        let stepped = |t: usize| only.is_none_or(|only| only[t]);
        for (t, (hand, &a)) in self.hands.iter().zip(actions).enumerate() {
            if !stepped(t) {
                continue;
            }
            if !matches!(
                hand.actor().map(|s| self.players[s]),
                Some(Player::Batch(_))
            ) {
                continue;
            }
            let legal = hand.legal_actions();
            match Action::from_index(a) {
                Some(action) if legal.contains(action) => {}
                _ => {
                    let name = Action::from_index(a).map_or_else(|| show(a), |x| x.name().into());
                    let names: Vec<&str> = legal.iter().map(Action::name).collect();
                    return Err(Error::IllegalAction(format!(
                        "table {t}: {name} is not legal for seat {} now (legal: {})",
                        hand.actor().unwrap_or(0),
                        names.join(", ")
                    )));
                }
            }
        }
        self.apply(actions, only, obs, stop);
        Ok(())
    }

    /// Applies checked `actions`, plays on, counts and deals, and writes
    /// `obs`.
    fn apply(
        &mut self,
        actions: &[i64],
        only: Option<&[bool]>,
        mut obs: Option<Obs<'_>>,
        stop: &mut dyn FnMut() -> bool,
    ) {
        let players = self.players;
        // First every table acts and plays on; then finished hands are
        // counted and the next hands dealt in table order, so that which
        // table gets which hand never depends on the threads.
        // (A paused hand has a built-in seat to act: it just plays on.)
        let act = |hand: &mut Hand,
                   rng: &mut Rng,
                   asked: &mut Vec<Action>,
                   paused: &mut u64,
                   a: i64,
                   stepped: bool,
                   stop: &mut dyn FnMut() -> bool| {
            if !stepped {
                return;
            }
            if let Some(seat) = hand.actor() {
                if let (Player::Batch(_), Some(action)) = (players[seat], Action::from_index(a)) {
                    hand.act_legal(action);
                    asked.push(action);
                }
            }
            *paused = match play_builtins_or(&players, hand, rng, stop) {
                Some(played) => *paused + played,
                None => 0,
            };
        };
        // Handing the work to a pool costs a thread wake-up per step (about
        // a hundred microseconds): worth it only when another thread helps.
        let threads = self.pool.current_num_threads();
        if self.len() >= PARALLEL_FROM && threads > 1 {
            let (hands, rngs, asked) = (&mut self.hands, &mut self.rngs, &mut self.asked);
            let paused = &mut self.paused;
            // The pool's threads cannot see Ctrl-C: a long hand pauses
            // there at once, and the calling thread plays it on (`resume`),
            // asking `stop` as it goes. Its decisions come from its own
            // generator, so it plays the same wherever it is played.
            let run = move || {
                hands
                    .par_iter_mut()
                    .zip(rngs.par_iter_mut())
                    .zip(asked.par_iter_mut())
                    .zip(paused.par_iter_mut())
                    .zip(actions.par_iter())
                    .enumerate()
                    .with_min_len(PARALLEL_FROM / 2)
                    .for_each(|(t, ((((hand, rng), asked), paused), &a))| {
                        let stepped = only.is_none_or(|only| only[t]);
                        act(hand, rng, asked, paused, a, stepped, &mut || true);
                    });
            };
            self.pool.install(run);
            self.resume(only, stop);
            self.settle(only, None, stop);
            if let Some(obs) = obs {
                self.observe(obs);
            }
        } else {
            // One pass that acts and writes each table's row while its hand
            // is in cache (several times faster than a pass per job once
            // the hands outgrow the cache); `settle` writes the rest.
            for (t, ((((hand, rng), asked), paused), &a)) in self
                .hands
                .iter_mut()
                .zip(self.rngs.iter_mut())
                .zip(self.asked.iter_mut())
                .zip(self.paused.iter_mut())
                .zip(actions)
                .enumerate()
            {
                let stepped = only.is_none_or(|only| only[t]);
                act(hand, rng, asked, paused, a, stepped, stop);
                // (`settle` deals at the stepped tables whose hand is over
                // and writes their rows.)
                if let Some(obs) = obs.as_mut() {
                    if self.settled[t] || !hand.is_over() || !stepped {
                        obs.write(t, hand);
                    }
                }
            }
            self.settle(only, obs.as_mut(), stop);
        }
    }

    /// Plays on, on the calling thread, the hands paused at the first
    /// look at `stop` (those the pool's threads paused) at the tables
    /// stepped (`only`), until `stop()`.
    fn resume(&mut self, only: Option<&[bool]>, stop: &mut dyn FnMut() -> bool) {
        for t in 0..self.len() {
            let stepped = only.is_none_or(|only| only[t]);
            if stepped && self.paused[t] > 0 {
                self.play_on(t, stop);
            }
        }
    }

    /// Plays the built-in seats of table `t`'s hand on, keeping count of
    /// where a pause leaves it.
    fn play_on(&mut self, t: usize, stop: &mut dyn FnMut() -> bool) {
        let (hand, rng) = (&mut self.hands[t], &mut self.rngs[t]);
        self.paused[t] = match play_builtins_or(&self.players, hand, rng, stop) {
            Some(played) => self.paused[t] + played,
            None => 0,
        };
    }

    /// Counts the hands that are over and deals the next ones (at the
    /// tables `only` marks, if given), writing their tables' rows of `obs`
    /// if given.
    fn settle(
        &mut self,
        only: Option<&[bool]>,
        mut obs: Option<&mut Obs<'_>>,
        stop: &mut dyn FnMut() -> bool,
    ) {
        let n = self.players();
        self.done.fill(false);
        self.payoffs.fill(0);
        for t in 0..self.len() {
            if self.settled[t] || !self.hands[t].is_over() || only.is_some_and(|only| !only[t]) {
                continue;
            }
            self.settled[t] = true;
            self.done[t] = true;
            self.hands_played += 1;
            self.payoffs[t * n..(t + 1) * n].copy_from_slice(&self.hands[t].payoffs()[..n]);
            self.deal(t);
            self.play_on(t, stop);
            if let Some(obs) = obs.as_mut() {
                obs.write(t, &self.hands[t]);
            }
        }
    }

    /// The hand at `table` played again from its seeds and the caller's
    /// actions, with its history: the same hand, for a `PlayerView`. (A
    /// paused hand's last built-in actions are played only as far as it
    /// went.)
    pub fn replayed(&self, table: usize) -> Hand {
        let (deck, decisions) = hand_seeds(self.seed, self.index[table]);
        let mut hand = self.hands[table].clone();
        hand.set_record_history(true);
        hand.redeal(DeckSource::Seed(deck));
        let mut rng = Rng::new(decisions);
        let (asked, paused) = (&self.asked[table], self.paused[table]);
        // The built-in play after the caller's `i` first actions.
        let play = |hand: &mut Hand, rng: &mut Rng, i: usize| {
            if i == asked.len() && paused > 0 {
                // Each pause came at a multiple of `LOOK_EVERY` actions.
                let mut left = paused;
                play_builtins_or(&self.players, hand, rng, &mut || {
                    left = left.saturating_sub(u64::from(LOOK_EVERY));
                    left == 0
                });
            } else {
                play_builtins(&self.players, hand, rng);
            }
        };
        play(&mut hand, &mut rng, 0);
        for (i, &action) in asked.iter().enumerate() {
            hand.act_legal(action);
            play(&mut hand, &mut rng, i + 1);
        }
        hand
    }

    /// Writes every table's observation into `obs`.
    pub fn observe(&self, mut obs: Obs<'_>) {
        for (row, hand) in self.hands.iter().enumerate() {
            obs.write(row, hand);
        }
    }
}

/// Plays the built-in seats of `hand` until another seat is to act or the
/// hand is over.
#[inline]
pub fn play_builtins(players: &[Player; MAX_SEATS], hand: &mut Hand, rng: &mut Rng) {
    play_builtins_or(players, hand, rng, &mut || false);
}

/// `play_builtins`, asking `stop()` every [`LOOK_EVERY`] actions and
/// pausing the hand (a built-in seat still to act) once it returns true:
/// then the actions played, else None.
#[inline]
pub fn play_builtins_or(
    players: &[Player; MAX_SEATS],
    hand: &mut Hand,
    rng: &mut Rng,
    stop: &mut dyn FnMut() -> bool,
) -> Option<u64> {
    // A count down to the next look, and the looks so far.
    let (mut left, mut looks) = (LOOK_EVERY, 0u64);
    while let Some(seat) = hand.actor() {
        if !players[seat].in_core() {
            break;
        }
        // (Looked at before an action: a paused hand has a built-in seat
        // to act.)
        if left == 0 {
            looks += 1;
            if stop() {
                return Some(looks * u64::from(LOOK_EVERY));
            }
            left = LOOK_EVERY;
        }
        match players[seat] {
            Player::Builtin(strategy) => strategy.play(hand, rng),
            Player::Policy(policy) => hand.act_legal(policy.get().decide(hand, rng)),
            Player::External(_) | Player::Batch(_) => unreachable!("a seat the core plays"),
        }
        left -= 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_shorter_than_the_tables_is_refused() {
        let players = [Player::Batch(0); 3];
        let new = |tables, first, end| {
            Tables::new(
                Rules::default(),
                &[50; 3],
                &players,
                tables,
                1,
                first,
                end,
                Some(1),
            )
        };
        assert!(new(4, 10, 13).is_err());
        let run = new(4, 10, 14).expect("one hand per table");
        assert_eq!(run.len(), 4);
        assert!(!run.finished());
    }

    /// Tight seats heads-up with no cap: hand 80 of seed 1 is a raise war
    /// to all in (some 2,500 raises at these stacks).
    fn war_tables(tables: usize, threads: usize, stop: &mut dyn FnMut() -> bool) -> Tables {
        let rules = Rules {
            cap: None,
            ..Rules::default()
        };
        let players = [
            Player::Builtin(Strategy::Tight),
            Player::Batch(0),
            Player::Builtin(Strategy::Tight),
        ];
        let stacks = [20_000; 3];
        Tables::new_or(
            rules,
            &stacks,
            &players,
            tables,
            1,
            0,
            u64::MAX,
            Some(threads),
            stop,
        )
        .unwrap()
    }

    /// A step whose `stop` says yes pauses the long hands: they replay to
    /// where they are, play on at their tables' next step, and end as they
    /// would have, on one thread or several.
    #[test]
    fn a_stopped_step_pauses_long_hands_and_plays_them_on() {
        use std::collections::BTreeMap;
        // The caller's seat takes its first legal action (it folds).
        let first = |t: &Tables| -> Vec<i64> {
            (0..t.len())
                .map(|i| {
                    t.hand(i)
                        .legal_actions()
                        .iter()
                        .next()
                        .map_or(0, |a| a as i64)
                })
                .collect()
        };
        // Each finished hand's payoffs, by its index in the run.
        type Log = BTreeMap<u64, Vec<i64>>;
        let step = |t: &mut Tables, log: &mut Log, stop: &mut dyn FnMut() -> bool| {
            let before = t.index.clone();
            let actions = first(t);
            t.step_shown(&actions, None, None, |a| a.to_string(), stop)
                .unwrap();
            let n = t.players();
            for (i, &done) in t.done().iter().enumerate() {
                if done {
                    log.insert(before[i], t.payoffs()[i * n..(i + 1) * n].to_vec());
                }
            }
        };
        for (tables, threads) in [(7, 1), (600, 2)] {
            let (mut plain_log, mut log) = (Log::new(), Log::new());
            let mut plain = war_tables(tables, threads, &mut || false);
            let mut stopped = war_tables(tables, threads, &mut || true);
            let mut paused = 0;
            for _ in 0..60 {
                step(&mut plain, &mut plain_log, &mut || false);
                // Stopped at the second look of every step.
                let mut looks = 0;
                step(&mut stopped, &mut log, &mut || {
                    looks += 1;
                    looks >= 2
                });
                for t in 0..tables {
                    if stopped.paused[t] > 0 {
                        paused += 1;
                        let live = stopped.hand(t);
                        assert!(matches!(stopped.waiting(t), Some(Player::Builtin(_))));
                        let again = stopped.replayed(t);
                        assert_eq!(
                            (again.stacks(), again.bets(), again.actor()),
                            (live.stacks(), live.bets(), live.actor())
                        );
                    }
                }
            }
            assert!(paused > 0, "{tables} tables: no hand was paused");
            let common: Vec<_> = log.keys().filter(|k| plain_log.contains_key(k)).collect();
            assert!(common.len() > 50);
            for k in common {
                assert_eq!(log[k], plain_log[k], "hand {k}");
            }
        }
    }
}
