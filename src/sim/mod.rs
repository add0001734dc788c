//! The simulation loop (docs/SIMULATION.md): complete hands in fixed chunks,
//! each chunk seeded from (seed, chunk index), spread over rayon's threads
//! and summed with integers only, so the result never depends on the thread
//! count or on which chunk finishes first.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::error::Error;
use crate::eval::NUM_RANKS;
use crate::event::Action;
use crate::hand::{DeckSource, Hand};
use crate::pots::MAX_SEATS;
use crate::rng::{hand_seeds, Rng};
use crate::rules::Rules;
use crate::strategy::Strategy;
pub use crate::tables::LOOK_EVERY;
use crate::threads::run_in;

/// Hands per chunk: the unit of seeding and of work sharing.
pub const CHUNK: u64 = 1024;

pub use crate::tables::Player;

mod keep;
pub use keep::{record_hands, simulate_columns};

/// Exact sums over played hands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Totals {
    pub hands: u64,
    pub net: [i128; MAX_SEATS],
    pub sum_sq: [u128; MAX_SEATS],
    /// Set when a sum of squares would pass 2^128 (stacks near the 2^53
    /// limit over many hands): the caller must use smaller batches.
    pub overflow: bool,
    pub showdowns: u64,
    /// Count per dense rank (index 0 unused).
    pub winning_ranks: Vec<u64>,
}

impl Default for Totals {
    fn default() -> Totals {
        Totals {
            hands: 0,
            net: [0; MAX_SEATS],
            sum_sq: [0; MAX_SEATS],
            overflow: false,
            showdowns: 0,
            winning_ranks: vec![0; NUM_RANKS + 1],
        }
    }
}

impl Totals {
    pub fn merge(mut self, other: Totals) -> Totals {
        self.hands += other.hands;
        for (a, b) in self.net.iter_mut().zip(other.net) {
            *a += b;
        }
        for (a, b) in self.sum_sq.iter_mut().zip(other.sum_sq) {
            let (sum, wrapped) = a.overflowing_add(b);
            *a = sum;
            self.overflow |= wrapped;
        }
        self.overflow |= other.overflow;
        self.showdowns += other.showdowns;
        for (a, b) in self.winning_ranks.iter_mut().zip(&other.winning_ranks) {
            *a += b;
        }
        self
    }

    pub(crate) fn record(&mut self, hand: &Hand) {
        self.hands += 1;
        let payoffs = hand.payoffs();
        // Gathered in a local and stored once, rather than once a seat.
        let mut overflow = false;
        for (s, &p) in payoffs.iter().enumerate().take(hand.num_players()) {
            self.net[s] += p as i128;
            let (sum, wrapped) = self.sum_sq[s].overflowing_add((p as i128 * p as i128) as u128);
            self.sum_sq[s] = sum;
            overflow |= wrapped;
        }
        self.overflow |= overflow;
        // A best rank is recorded exactly when two or more seats showed.
        if let Some(rank) = hand.best_shown_rank() {
            self.showdowns += 1;
            self.winning_ranks[rank as usize] += 1;
        }
    }
}

/// Sums over one chunk's hands in 64-bit words, for tables whose stacks
/// add up to less than [`SMALL_TABLE`] chips: a hand's payoff is then below
/// 2^26 in size, so a chunk's net stays below 2^36 and its sum of squares
/// below 2^62, and the 128-bit sums of [`Totals`] are touched once a chunk
/// rather than once a hand. The totals come out exactly the same.
#[derive(Default)]
struct ChunkSums {
    hands: u64,
    net: [i64; MAX_SEATS],
    sum_sq: [u64; MAX_SEATS],
}

/// Stacks adding up to less than this take [`ChunkSums`].
const SMALL_TABLE: u64 = 1 << 26;
const _: () = assert!(
    CHUNK <= 1 << 10,
    "ChunkSums bounds assume 2^10 hands a chunk"
);

impl ChunkSums {
    /// Kept out of the hand loop, whose registers it would otherwise take.
    #[inline(never)]
    fn record(&mut self, hand: &Hand, totals: &mut Totals) {
        self.hands += 1;
        // Seats past the player count are paid zero: every seat is added.
        let payoffs = hand.payoffs();
        for ((net, sq), p) in self.net.iter_mut().zip(&mut self.sum_sq).zip(payoffs) {
            *net += p;
            *sq += p.wrapping_mul(p) as u64;
        }
        if let Some(rank) = hand.best_shown_rank() {
            totals.showdowns += 1;
            totals.winning_ranks[rank as usize] += 1;
        }
    }

    fn add_to(&self, totals: &mut Totals) {
        totals.hands += self.hands;
        let mut overflow = false;
        for (net, &n) in totals.net.iter_mut().zip(&self.net) {
            *net += i128::from(n);
        }
        for (sq, &q) in totals.sum_sq.iter_mut().zip(&self.sum_sq) {
            let (sum, wrapped) = sq.overflowing_add(u128::from(q));
            *sq = sum;
            overflow |= wrapped;
        }
        totals.overflow |= overflow;
    }
}

/// What to play: the same for every chunk.
pub struct Table<'a> {
    pub rules: Rules,
    pub stacks: &'a [u64],
    pub players: &'a [Player],
    pub seed: u64,
    /// Hands in the whole run (the last chunk may be short).
    pub hands: u64,
}

/// Decides for the seats that are not built in: `external` one decision at
/// a time (the seat and the hand), `batch` for a policy's every waiting
/// table at once (the policy and the hands, to one action each). Both must
/// return legal actions, or an error, which stops the run.
pub struct Deciders<'a, E> {
    pub external: &'a External<'a, E>,
    pub batch: &'a Batch<'a, E>,
    /// Runs each chunk (the bindings give the thread a Python thread state
    /// once a chunk, so that each decision only takes the GIL).
    pub around_chunk: &'a AroundChunk<'a>,
}

/// Runs the chunk it is given.
pub type AroundChunk<'a> = dyn Fn(&mut (dyn FnMut() + Send)) + Sync + 'a;

/// Runs the chunk as it is.
pub fn plain_chunk(chunk: &mut (dyn FnMut() + Send)) {
    chunk();
}

/// A decision for an `External` seat: its callable's number and the hand,
/// to an action (checked by the callee) or an error that stops the run.
pub type External<'a, E> = dyn Fn(u8, &Hand) -> Result<Action, E> + Sync + 'a;

/// A batch policy's decisions for the tables waiting on it.
pub type Batch<'a, E> = dyn Fn(u8, &[&Hand]) -> Result<Vec<Action>, E> + Sync + 'a;

/// A run of built-in strategies only needs no deciders. Its only errors
/// are the core's (threads the system would not start).
pub fn builtin_only() -> Deciders<'static, Error> {
    fn no_external(_: u8, _: &Hand) -> Result<Action, Error> {
        unreachable!("built-in seats only")
    }
    fn no_batch(_: u8, _: &[&Hand]) -> Result<Vec<Action>, Error> {
        unreachable!("built-in seats only")
    }
    Deciders {
        external: &no_external,
        batch: &no_batch,
        around_chunk: &plain_chunk,
    }
}

/// What one thread reuses from chunk to chunk: a hand for each of a
/// chunk's hands played side by side (batch policies) or just one, and
/// their decision generators.
pub(crate) struct Hands {
    hands: Vec<Hand>,
    rngs: Vec<Rng>,
}

impl Hands {
    pub(crate) fn new(table: &Table<'_>) -> Hands {
        // Per-decision strategies see the history in their views; built-ins
        // and batch policies never read it.
        let history = table
            .players
            .iter()
            .any(|p| matches!(p, Player::External(_)));
        Hands::with_history(table, history)
    }

    pub(crate) fn with_history(table: &Table<'_>, history: bool) -> Hands {
        let mut hand = Hand::new(table.rules, table.stacks, DeckSource::Seed(0))
            .expect("the table was validated");
        hand.set_record_history(history);
        Hands {
            hands: vec![hand],
            rngs: vec![Rng::new(0)],
        }
    }
}

/// Plays chunk `chunk` of `table`, handing every finished hand to `done`
/// with its index in the chunk. Once `stop` is set no further hand starts,
/// and a hand under way stops within [`LOOK_EVERY`] actions (a raise war
/// with no cap can last 2^50 raises) without being handed to `done`: the
/// chunk then ends early, short of hands, and its caller (whose run was
/// stopped) throws its sums away.
pub(crate) fn play_chunk<E>(
    table: &Table<'_>,
    chunk: u64,
    work: &mut Hands,
    deciders: &Deciders<'_, E>,
    stop: &AtomicBool,
    done: &mut impl FnMut(usize, &Hand),
) -> Result<(), E> {
    let first = chunk * CHUNK;
    let count = CHUNK.min(table.hands.saturating_sub(first)) as usize;
    // A fixed-size copy: the actor's seat indexes it with no bounds check.
    let players: [Player; MAX_SEATS] =
        std::array::from_fn(|s| table.players.get(s).copied().unwrap_or(Player::External(0)));
    if table.players.iter().any(|p| matches!(p, Player::Batch(_))) {
        return play_side_by_side(table, first, count, &players, work, deciders, stop, done);
    }
    let hand = &mut work.hands[0];
    // A table of check/call seats only gets a loop of its own, with the
    // decisions inlined, each applying a fixed action, and no look-up of
    // the actor's player. (The same for "tight" measured slower: the
    // compiler then keeps `decide` out of line.)
    if table
        .players
        .iter()
        .all(|&p| p == Player::Builtin(Strategy::CheckCall))
    {
        let turn = |hand: &mut Hand, rng: &mut Rng| {
            Strategy::CheckCall.play(hand, rng);
            Ok(())
        };
        return play_hands(table, first, count, hand, stop, turn, done);
    }
    // Built-in seats only: a plain array of strategies, with no arm for
    // the other kinds of seat in the loop.
    if let Some(strategies) = builtin_strategies(table.players) {
        let turn = |hand: &mut Hand, rng: &mut Rng| {
            let seat = hand.actor().expect("a hand in play has an actor");
            let action = strategies[seat].decide(hand, rng);
            hand.act_legal(action);
            Ok(())
        };
        return play_hands(table, first, count, hand, stop, turn, done);
    }
    let turn = |hand: &mut Hand, rng: &mut Rng| {
        let seat = hand.actor().expect("a hand in play has an actor");
        let action = match players[seat] {
            Player::Builtin(strategy) => strategy.decide(hand, rng),
            Player::Policy(policy) => policy.get().decide(hand, rng),
            // (Batch seats are played side by side, never here.)
            Player::External(id) | Player::Batch(id) => (deciders.external)(id, hand)?,
        };
        // Built-ins pick from the legal actions, and `external` validates
        // what it returns, so the action needs no second check.
        hand.act_legal(action);
        Ok(())
    };
    play_hands(table, first, count, hand, stop, turn, done)
}

/// Each seat's strategy, if every seat plays a built-in one.
fn builtin_strategies(players: &[Player]) -> Option<[Strategy; MAX_SEATS]> {
    let mut strategies = [Strategy::CheckCall; MAX_SEATS];
    for (slot, player) in strategies.iter_mut().zip(players) {
        match player {
            Player::Builtin(strategy) => *slot = *strategy,
            _ => return None,
        }
    }
    Some(strategies)
}

/// Hands `first .. first + count`, each played to the end by `turn` (which
/// acts for the actor, or fails and stops the chunk), or until `stop`.
#[inline(always)]
fn play_hands<E>(
    table: &Table<'_>,
    first: u64,
    count: usize,
    hand: &mut Hand,
    stop: &AtomicBool,
    mut turn: impl FnMut(&mut Hand, &mut Rng) -> Result<(), E>,
    done: &mut impl FnMut(usize, &Hand),
) -> Result<(), E> {
    // Only "random" draws: other tables skip seeding a generator a hand.
    let draws = table.players.iter().any(|p| p.draws());
    let mut rng = Rng::new(0);
    for (i, k) in (first..first + count as u64).enumerate() {
        let (deck, decisions) = hand_seeds(table.seed, k);
        if draws {
            rng = Rng::new(decisions);
        }
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        // Every hand starts from the table's stacks, which `Hand::new` set.
        hand.redeal(DeckSource::Seed(deck));
        // The flag is looked at only every `LOOK_EVERY` actions, which no
        // normal hand reaches: the hot loop pays a count down and a test.
        let mut left = LOOK_EVERY;
        while hand.actor().is_some() {
            turn(hand, &mut rng)?;
            left -= 1;
            if left == 0 {
                if stop.load(Ordering::Relaxed) {
                    return Ok(());
                }
                left = LOOK_EVERY;
            }
        }
        done(i, hand);
    }
    Ok(())
}

/// Hands `first .. first + count` played side by side, so that each batch
/// policy decides for every table waiting on it at once. Each hand has its
/// own generators, so it plays exactly as it would one at a time. Stopped
/// (`stop`), no hand of the chunk is handed to `done`.
#[allow(clippy::too_many_arguments)]
fn play_side_by_side<E>(
    table: &Table<'_>,
    first: u64,
    count: usize,
    players: &[Player; MAX_SEATS],
    work: &mut Hands,
    deciders: &Deciders<'_, E>,
    stop: &AtomicBool,
    done: &mut impl FnMut(usize, &Hand),
) -> Result<(), E> {
    while work.hands.len() < count {
        let hand = work.hands[0].clone();
        work.hands.push(hand);
        work.rngs.push(Rng::new(0));
    }
    let (hands, rngs) = (&mut work.hands[..count], &mut work.rngs[..count]);
    for ((hand, rng), k) in hands.iter_mut().zip(rngs.iter_mut()).zip(first..) {
        let (deck, decisions) = hand_seeds(table.seed, k);
        hand.redeal(DeckSource::Seed(deck));
        *rng = Rng::new(decisions);
    }
    let mut waiting: Vec<usize> = (0..count).collect();
    let mut rows = Vec::with_capacity(count);
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        for &i in &waiting {
            let hand = &mut hands[i];
            let mut acted: u32 = 0;
            while let Some(seat) = hand.actor() {
                acted = acted.wrapping_add(1);
                if acted.is_multiple_of(LOOK_EVERY) && stop.load(Ordering::Relaxed) {
                    return Ok(());
                }
                match players[seat] {
                    Player::Builtin(strategy) => strategy.play(hand, &mut rngs[i]),
                    Player::Policy(policy) => {
                        let action = policy.get().decide(hand, &mut rngs[i]);
                        hand.act_legal(action);
                    }
                    Player::External(id) => {
                        let action = (deciders.external)(id, hand)?;
                        hand.act_legal(action);
                    }
                    Player::Batch(_) => break,
                }
            }
        }
        waiting.retain(|&i| hands[i].actor().is_some());
        let Some(&i) = waiting.first() else {
            break;
        };
        // One policy a round (the first table's), for all its tables.
        let policy_of = |i: usize| match hands[i].actor().map(|s| players[s]) {
            Some(Player::Batch(p)) => Some(p),
            _ => None,
        };
        let policy = policy_of(i);
        rows.clear();
        rows.extend(waiting.iter().copied().filter(|&i| policy_of(i) == policy));
        let shown: Vec<&Hand> = rows.iter().map(|&i| &hands[i]).collect();
        let actions = (deciders.batch)(policy.unwrap_or(0), &shown)?;
        for (&i, action) in rows.iter().zip(actions) {
            hands[i].act_legal(action);
        }
    }
    for (i, hand) in hands.iter().enumerate() {
        done(i, hand);
    }
    Ok(())
}

/// Plays chunks `first_chunk .. first_chunk + n_chunks` on `threads` threads
/// (`None`: the current pool, see [`Pool`](crate::threads::Pool)) and
/// returns their sums, or the first error of a decider or of the threads.
/// Once `stop` is set no further hand starts and a hand under way stops
/// within [`LOOK_EVERY`] actions, uncounted (the sums then cover fewer
/// hands: a stopped run's are to be thrown away).
pub fn simulate_chunks<E: Send + From<Error>>(
    table: &Table<'_>,
    first_chunk: u64,
    n_chunks: u64,
    threads: Option<usize>,
    stop: &AtomicBool,
    deciders: &Deciders<'_, E>,
) -> Result<Totals, E> {
    let small = table.stacks.iter().sum::<u64>() < SMALL_TABLE;
    let run = || {
        (first_chunk..first_chunk + n_chunks)
            .into_par_iter()
            // One set of hands and one running total per piece of work
            // rayon splits off, not per chunk: a `Totals` is 50 kB of rank
            // counts to zero and to merge.
            .try_fold(
                || (Hands::new(table), Totals::default()),
                |(mut work, mut totals), chunk| {
                    let mut played = Ok(());
                    if !stop.load(Ordering::Relaxed) {
                        (deciders.around_chunk)(&mut || {
                            let mut sums = ChunkSums::default();
                            let mut done = |_: usize, hand: &Hand| {
                                if small {
                                    sums.record(hand, &mut totals);
                                } else {
                                    totals.record(hand);
                                }
                            };
                            played = play_chunk(table, chunk, &mut work, deciders, stop, &mut done);
                            sums.add_to(&mut totals);
                        });
                    }
                    played.map(|()| (work, totals))
                },
            )
            .map(|piece| piece.map(|(_, totals)| totals))
            .try_reduce(Totals::default, |a, b| Ok(a.merge(b)))
    };
    run_in(threads, run)?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::HandColumns;

    // The deciders here never fail; a pool the system refuses would.
    type NoError = Error;

    fn play(
        table: &Table<'_>,
        chunks: u64,
        threads: Option<usize>,
        deciders: &Deciders<'_, NoError>,
    ) -> Totals {
        simulate_chunks(table, 0, chunks, threads, &AtomicBool::new(false), deciders).unwrap()
    }

    fn run(players: &[Player], hands: u64, threads: Option<usize>) -> Totals {
        let stacks = vec![400; players.len()];
        let table = Table {
            rules: Rules::default(),
            stacks: &stacks,
            players,
            seed: 7,
            hands,
        };
        let chunks = hands.div_ceil(CHUNK);
        play(&table, chunks, threads, &builtin_only())
    }

    #[test]
    fn the_same_for_any_thread_count_and_zero_sum() {
        let players = [
            Player::Builtin(Strategy::Tight),
            Player::Builtin(Strategy::Random),
            Player::Builtin(Strategy::CheckCall),
            Player::Builtin(Strategy::Tight),
        ];
        let one = run(&players, 5000, Some(1));
        for threads in [2, 3, 8] {
            assert_eq!(run(&players, 5000, Some(threads)), one);
        }
        assert_eq!(one.hands, 5000);
        assert_eq!(one.net.iter().sum::<i128>(), 0);
    }

    #[test]
    fn check_call_tables_always_show_down() {
        let totals = run(&[Player::Builtin(Strategy::CheckCall); 6], 3000, None);
        assert_eq!(totals.showdowns, 3000);
        assert_eq!(totals.winning_ranks.iter().sum::<u64>(), 3000);
    }

    /// The loop of check/call tables plays what the general loop plays.
    #[test]
    fn the_check_call_loop_matches_the_general_one() {
        let stacks = [400, 7, 30, 400, 2, 90];
        let table = |players| Table {
            rules: Rules::default(),
            stacks: &stacks,
            players,
            seed: 3,
            hands: 2 * CHUNK + 5,
        };
        let own = [Player::Builtin(Strategy::CheckCall); 6];
        let mut general = own;
        general[4] = Player::External(4);
        let check_call = |_: u8, hand: &Hand| {
            Ok::<_, NoError>(Strategy::CheckCall.decide(hand, &mut Rng::new(0)))
        };
        let no_batch = |_: u8, _: &[&Hand]| -> Result<Vec<Action>, NoError> { unreachable!() };
        let a = play(&table(&own), 3, Some(1), &builtin_only());
        let external = Deciders {
            external: &check_call,
            batch: &no_batch,
            around_chunk: &plain_chunk,
        };
        let b = play(&table(&general), 3, Some(1), &external);
        assert_eq!(a, b);
        assert_eq!(a.hands, 2 * CHUNK + 5);
    }

    /// A batch policy plays what the same decisions one at a time play,
    /// whichever seats it holds, with built-in and external seats beside it.
    #[test]
    fn batch_policies_play_as_one_decision_at_a_time() {
        let stacks = [400, 7, 30, 400, 2, 90];
        let table = |players| Table {
            rules: Rules::default(),
            stacks: &stacks,
            players,
            seed: 11,
            hands: CHUNK + 300,
        };
        let tight = |hand: &Hand| Strategy::Tight.decide(hand, &mut Rng::new(0));
        let external = |_: u8, hand: &Hand| Ok::<_, NoError>(tight(hand));
        let batch = |_: u8, hands: &[&Hand]| -> Result<Vec<Action>, NoError> {
            Ok(hands.iter().map(|h| tight(h)).collect())
        };
        let deciders = Deciders {
            external: &external,
            batch: &batch,
            around_chunk: &plain_chunk,
        };
        let mut one = [Player::Builtin(Strategy::Random); 6];
        one[1] = Player::External(1);
        one[3] = Player::External(3);
        one[4] = Player::Builtin(Strategy::Tight);
        let mut batched = one;
        batched[1] = Player::Batch(0);
        batched[3] = Player::Batch(1);
        let a = play(&table(&one), 2, Some(1), &deciders);
        for threads in [1, 2] {
            assert_eq!(play(&table(&batched), 2, Some(threads), &deciders), a);
        }
        assert_eq!(a.hands, CHUNK + 300);
    }

    /// The 64-bit sums of a chunk add up to what per-hand 128-bit records give.
    #[test]
    fn chunk_sums_match_per_hand_records() {
        let stacks = [400, 7, 30, 400, 2];
        let mut hand = Hand::new(Rules::default(), &stacks, DeckSource::Seed(0)).unwrap();
        hand.set_record_history(false);
        let (mut one, mut each) = (Totals::default(), Totals::default());
        let mut sums = ChunkSums::default();
        let mut rng = Rng::new(5);
        for _ in 0..500 {
            hand.redeal(DeckSource::Seed(rng.next_u64()));
            while hand.actor().is_some() {
                Strategy::Random.play(&mut hand, &mut rng);
            }
            sums.record(&hand, &mut one);
            each.record(&hand);
        }
        sums.add_to(&mut one);
        assert_eq!(one, each);
        assert!(each.sum_sq.iter().any(|&q| q > 0));
    }

    /// A raise war with no cap (tight seats heads-up at stacks near the
    /// chip limit: some 2^50 raises at hand 80 of seed 1) stops once
    /// `stop` is set, in `simulate_chunks` and in `record_hands`.
    #[test]
    fn a_stop_ends_a_raise_war() {
        let stacks = [crate::rules::MAX_CHIPS; 2];
        let players = [Player::Builtin(Strategy::Tight); 2];
        let table = Table {
            rules: Rules {
                cap: None,
                ..Rules::default()
            },
            stacks: &stacks,
            players: &players,
            seed: 1,
            hands: 200,
        };
        let stop = AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(100));
                stop.store(true, Ordering::Relaxed);
            });
            let totals = simulate_chunks(&table, 0, 1, Some(1), &stop, &builtin_only()).unwrap();
            assert!(totals.hands < 200);
        });
        // Already stopped: no hand starts.
        let kept = record_hands(&table, 0, 200, &builtin_only(), &stop).unwrap();
        assert!(kept.is_empty());
    }

    /// The columns hold the hands `record_hands` keeps, in order, and the
    /// sums `simulate_chunks` gives, for any thread count.
    #[test]
    fn columns_hold_the_recorded_hands() {
        let players = [
            Player::Builtin(Strategy::Tight),
            Player::Builtin(Strategy::Random),
            Player::Builtin(Strategy::CheckCall),
        ];
        let stacks = [400, 30, 9];
        let table = Table {
            rules: Rules::default(),
            stacks: &stacks,
            players: &players,
            seed: 5,
            hands: 2 * CHUNK + 40,
        };
        let stop = AtomicBool::new(false);
        let sums = simulate_chunks(&table, 0, 3, Some(1), &stop, &builtin_only()).unwrap();
        let kept = record_hands(&table, 0, table.hands, &builtin_only(), &stop).unwrap();
        let mut expected = HandColumns::new(3);
        for (k, hand) in kept.iter().enumerate() {
            expected.push(k as u64, hand);
        }
        for threads in [1, 2, 3] {
            let (columns, totals) =
                simulate_columns(&table, 0, 3, Some(threads), &stop, &builtin_only()).unwrap();
            assert_eq!(totals, sums);
            let mut joined = HandColumns::new(3);
            for part in &columns {
                for r in 0..part.len() {
                    joined.push_row(part, r, part.hand[r], 0, 0);
                }
            }
            joined.deal.clear();
            joined.seating.clear();
            assert_eq!(joined, expected);
            assert_eq!(
                columns.iter().map(HandColumns::len).collect::<Vec<_>>(),
                [1024, 1024, 40]
            );
        }
    }

    #[test]
    fn chunk_seeds_differ() {
        use crate::rng::chunk_seed;
        assert_ne!(chunk_seed(1, 0), chunk_seed(1, 1));
        assert_ne!(chunk_seed(1, 0), chunk_seed(2, 0));
    }
}
