//! `match`: strategies compared on the same deals (docs/MATCH.md). A driver
//! over simulate's chunks: with `duplicate`, every deal of a chunk is
//! played once per rotation of the seating (the same cards and the same
//! built-in random choices each time, since hand `k` has its own
//! generators), and each strategy's result on the deal is summed over the
//! rotations, so that the luck of the cards cancels out of the comparison.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::hand::Hand;
use crate::pots::MAX_SEATS;
use crate::sim::{on_threads, play_chunk, Deciders, Hands, Player, Table, CHUNK};

/// A match: the table as seated for the first rotation (its `hands` are the
/// deals), and which of the distinct strategies each seat holds.
pub struct Match<'a> {
    pub table: Table<'a>,
    pub strategy_of_seat: &'a [u8],
    pub duplicate: bool,
}

impl Match<'_> {
    /// How many seatings a deal is played in: one without `duplicate`, else
    /// every distinct rotation (a seating that repeats itself after `p`
    /// seats, as A-B-A-B, has only `p`).
    pub fn rotations(&self) -> usize {
        let ids = self.strategy_of_seat;
        let n = ids.len();
        if !self.duplicate {
            return 1;
        }
        (1..n)
            .find(|&p| (0..n).all(|s| ids[s] == ids[(s + p) % n]))
            .unwrap_or(n)
    }
}

/// Exact sums of a match, per distinct strategy (indexed as
/// `strategy_of_seat`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchTotals {
    pub deals: u64,
    pub hands: u64,
    /// Chips won.
    pub net: [i128; MAX_SEATS],
    /// Sum over deals of the square of the strategy's chips on the deal
    /// (all its seats, all rotations): the paired variance.
    pub deal_sq: [u128; MAX_SEATS],
    /// Sum of the squares of its payoffs, hand by hand and seat by seat:
    /// the variance of plain play.
    pub seat_sq: [u128; MAX_SEATS],
    /// Hands it played (a seat in a hand).
    pub seat_hands: [u64; MAX_SEATS],
    /// Set when a sum of squares would pass 2^128: play fewer chunks a call.
    pub overflow: bool,
}

impl MatchTotals {
    pub fn merge(mut self, other: MatchTotals) -> MatchTotals {
        self.deals += other.deals;
        self.hands += other.hands;
        for j in 0..MAX_SEATS {
            self.net[j] += other.net[j];
            self.seat_hands[j] += other.seat_hands[j];
            let (a, wa) = self.deal_sq[j].overflowing_add(other.deal_sq[j]);
            let (b, wb) = self.seat_sq[j].overflowing_add(other.seat_sq[j]);
            (self.deal_sq[j], self.seat_sq[j]) = (a, b);
            self.overflow |= wa || wb;
        }
        self.overflow |= other.overflow;
        self
    }

    /// Adds one deal: `payoffs[r]` of rotation `r`, whose seat `s` held
    /// strategy `seating[r][s]`.
    fn add_deal(&mut self, payoffs: &[[i64; MAX_SEATS]], seating: &[[u8; MAX_SEATS]], n: usize) {
        let mut on_deal = [0i128; MAX_SEATS];
        for (row, seats) in payoffs.iter().zip(seating) {
            for s in 0..n {
                let (j, p) = (seats[s] as usize, i128::from(row[s]));
                on_deal[j] += p;
                self.seat_hands[j] += 1;
                let (sq, wrapped) = self.seat_sq[j].overflowing_add((p * p) as u128);
                self.seat_sq[j] = sq;
                self.overflow |= wrapped;
            }
        }
        for (j, &d) in on_deal.iter().enumerate() {
            self.net[j] += d;
            let (sq, wrapped) = self.deal_sq[j].overflowing_add(d.unsigned_abs().pow(2));
            self.deal_sq[j] = sq;
            self.overflow |= wrapped;
        }
        self.deals += 1;
        self.hands += payoffs.len() as u64;
    }
}

/// The seatings of a match: rotation `r` seats at `s` whoever sat at
/// `(s + r) mod n` in the first one.
fn rotations(m: &Match<'_>) -> (Vec<[Player; MAX_SEATS]>, Vec<[u8; MAX_SEATS]>) {
    let n = m.table.players.len();
    (0..m.rotations())
        .map(|r| {
            let mut players = [Player::External(0); MAX_SEATS];
            let mut seats = [0u8; MAX_SEATS];
            for s in 0..n {
                players[s] = m.table.players[(s + r) % n];
                seats[s] = m.strategy_of_seat[(s + r) % n];
            }
            (players, seats)
        })
        .unzip()
}

/// Plays the deals of chunks `first_chunk .. first_chunk + n_chunks` (on
/// `threads` threads; `None`: rayon's current pool) and returns their sums.
/// Once `stop` is set no further chunk starts.
pub fn match_chunks<E: Send>(
    m: &Match<'_>,
    first_chunk: u64,
    n_chunks: u64,
    threads: Option<usize>,
    stop: &AtomicBool,
    deciders: &Deciders<'_, E>,
) -> Result<MatchTotals, E> {
    let n = m.table.players.len();
    let (players, seating) = rotations(m);
    let tables: Vec<Table<'_>> = players
        .iter()
        .map(|p| Table {
            players: &p[..n],
            ..m.table
        })
        .collect();
    let run = || {
        (first_chunk..first_chunk + n_chunks)
            .into_par_iter()
            .try_fold(
                || (Hands::new(&tables[0]), MatchTotals::default(), Vec::new()),
                |(mut work, mut totals, mut payoffs), chunk| {
                    let mut played = Ok(());
                    if !stop.load(Ordering::Relaxed) {
                        (deciders.around_chunk)(&mut || {
                            played = play_deals(
                                &tables,
                                &seating,
                                chunk,
                                &mut work,
                                &mut payoffs,
                                &mut totals,
                                deciders,
                            );
                        });
                    }
                    played.map(|()| (work, totals, payoffs))
                },
            )
            .map(|piece| piece.map(|(_, totals, _)| totals))
            .try_reduce(MatchTotals::default, |a, b| Ok(a.merge(b)))
    };
    on_threads(threads, run)
}

/// One chunk's deals, every rotation, into `totals`.
fn play_deals<E>(
    tables: &[Table<'_>],
    seating: &[[u8; MAX_SEATS]],
    chunk: u64,
    work: &mut Hands,
    payoffs: &mut Vec<[i64; MAX_SEATS]>,
    totals: &mut MatchTotals,
    deciders: &Deciders<'_, E>,
) -> Result<(), E> {
    let rotations = tables.len();
    let count = CHUNK.min(tables[0].hands.saturating_sub(chunk * CHUNK)) as usize;
    // Deal i of rotation r at i * rotations + r: a deal's rows side by side.
    payoffs.clear();
    payoffs.resize(count * rotations, [0; MAX_SEATS]);
    for (r, table) in tables.iter().enumerate() {
        let mut done = |i: usize, hand: &Hand| payoffs[i * rotations + r] = hand.payoffs();
        play_chunk(table, chunk, work, deciders, &mut done)?;
    }
    let n = tables[0].players.len();
    for deal in payoffs.chunks_exact(rotations) {
        totals.add_deal(deal, seating, n);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::sim::builtin_only;
    use crate::strategy::Strategy;

    fn play(players: &[Player], ids: &[u8], duplicate: bool, deals: u64) -> MatchTotals {
        let stacks = vec![200; players.len()];
        let m = Match {
            table: Table {
                rules: Rules::default(),
                stacks: &stacks,
                players,
                seed: 9,
                hands: deals,
            },
            strategy_of_seat: ids,
            duplicate,
        };
        let chunks = deals.div_ceil(CHUNK);
        let stop = AtomicBool::new(false);
        match match_chunks(&m, 0, chunks, Some(2), &stop, &builtin_only()) {
            Ok(totals) => totals,
            Err(never) => match never {},
        }
    }

    /// The same strategy in two seats of a duplicate match wins nothing:
    /// every rotation plays the same hand.
    #[test]
    fn identical_deterministic_strategies_break_even() {
        for n in 2..=8 {
            let players = vec![Player::Builtin(Strategy::Tight); n];
            for ids in [
                (0..n).map(|s| (s % 2) as u8).collect::<Vec<_>>(),
                (0..n).map(|s| u8::from(s == 0)).collect(),
            ] {
                let totals = play(&players, &ids, true, 700);
                assert_eq!(totals.net[..2], [0, 0], "{n} players");
                let rotations = if n % 2 == 0 && ids[1] == 1 {
                    2
                } else {
                    n as u64
                };
                assert_eq!(totals.hands, 700 * rotations);
            }
        }
    }

    /// Without duplicate, a match is simulate's run, seat by seat.
    #[test]
    fn plain_play_is_simulate() {
        let players = [
            Player::Builtin(Strategy::Tight),
            Player::Builtin(Strategy::CheckCall),
            Player::Builtin(Strategy::Random),
        ];
        let totals = play(&players, &[0, 1, 2], false, 3000);
        let stacks = [200; 3];
        let table = Table {
            rules: Rules::default(),
            stacks: &stacks,
            players: &players,
            seed: 9,
            hands: 3000,
        };
        let sim = crate::sim::simulate_chunks(
            &table,
            0,
            3,
            Some(1),
            &AtomicBool::new(false),
            &builtin_only(),
        )
        .unwrap_or_else(|never| match never {});
        assert_eq!(totals.net[..3], sim.net[..3]);
        assert_eq!(totals.seat_sq[..3], sim.sum_sq[..3]);
        assert_eq!(totals.seat_hands[..3], [3000; 3]);
    }
}
