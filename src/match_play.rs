//! `match`: strategies compared on the same deals (docs/MATCH.md). A driver
//! over simulate's chunks: with `duplicate`, every deal of a chunk is
//! played once per rotation of the seating (the same cards and the same
//! built-in random choices each time, since hand `k` has its own
//! generators), and each strategy's result on the deal is summed over the
//! rotations, so that the luck of the cards cancels out of the comparison.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::columns::HandColumns;
use crate::error::Error;
use crate::hand::Hand;
use crate::luck::{luck, luck_seed, UNITS};
use crate::pots::MAX_SEATS;
use crate::rng::Rng;
use crate::sim::{play_chunk, Deciders, Hands, Player, Table, CHUNK};
use crate::threads::run_in;
use crate::wide::U256;

/// A match: the table as seated for the first rotation (its `hands` are the
/// deals), and which of the distinct strategies each seat holds.
pub struct Match<'a> {
    pub table: Table<'a>,
    pub strategy_of_seat: &'a [u8],
    pub duplicate: bool,
    /// Also sum each strategy's luck (`crate::luck`), for luck-adjusted
    /// results.
    pub luck: bool,
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
    /// Sum over hands of the square of its chips in the hand (all its
    /// seats): the variance of plain play, where the hand is the unit of
    /// independent luck. (Its seats in one hand are not independent: their
    /// squares one by one gave a plain error off by up to 1.2 times.)
    pub hand_sq: [u128; MAX_SEATS],
    /// Hands it played (a seat in a hand).
    pub seat_hands: [u64; MAX_SEATS],
    /// Its luck, in units of 1 / `luck::UNITS` chips (zero unless the match
    /// counts luck).
    pub luck: [i128; MAX_SEATS],
    /// Sum over deals of the square of its luck-adjusted chips on the deal,
    /// `D · UNITS − luck`, in those units: in 256 bits, since with deep
    /// stacks one square alone passes 128.
    pub adjusted_sq: [U256; MAX_SEATS],
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
            self.luck[j] += other.luck[j];
            let (a, wa) = self.deal_sq[j].overflowing_add(other.deal_sq[j]);
            let (b, wb) = self.hand_sq[j].overflowing_add(other.hand_sq[j]);
            let wc = self.adjusted_sq[j].add(other.adjusted_sq[j]);
            (self.deal_sq[j], self.hand_sq[j]) = (a, b);
            self.overflow |= wa || wb || wc;
        }
        self.overflow |= other.overflow;
        self
    }

    /// Adds one deal: `payoffs[r]` of rotation `r`, whose seat `s` held
    /// strategy `seating[r][s]`, and `luck[r]` its seats' luck (empty when
    /// luck is not counted).
    fn add_deal(
        &mut self,
        payoffs: &[[i64; MAX_SEATS]],
        luck: &[[i128; MAX_SEATS]],
        seating: &[[u8; MAX_SEATS]],
        n: usize,
    ) {
        let mut on_deal = [0i128; MAX_SEATS];
        let mut lucky = [0i128; MAX_SEATS];
        // The strategies seated (numbered from 0; every seating seats them all).
        let k = seating
            .first()
            .and_then(|seats| seats[..n].iter().max())
            .map_or(0, |&j| j as usize + 1);
        for (r, (row, seats)) in payoffs.iter().zip(seating).enumerate() {
            // A strategy's chips in one hand: at most the pot, 8 · MAX_CHIPS < 2^56.
            let mut on_hand = [0i64; MAX_SEATS];
            for s in 0..n {
                let j = seats[s] as usize;
                on_hand[j] += row[s];
                if let Some(luck) = luck.get(r) {
                    lucky[j] += luck[s];
                }
                self.seat_hands[j] += 1;
            }
            for (j, &h) in on_hand[..k].iter().enumerate() {
                on_deal[j] += i128::from(h);
                let square = u128::from(h.unsigned_abs()).pow(2);
                let (sq, wrapped) = self.hand_sq[j].overflowing_add(square);
                self.hand_sq[j] = sq;
                self.overflow |= wrapped;
            }
        }
        for (j, &d) in on_deal.iter().enumerate() {
            self.net[j] += d;
            let (sq, wrapped) = self.deal_sq[j].overflowing_add(d.unsigned_abs().pow(2));
            self.deal_sq[j] = sq;
            self.overflow |= wrapped;
            if !luck.is_empty() {
                self.luck[j] += lucky[j];
                let adjusted = (d * UNITS - lucky[j]).unsigned_abs();
                self.overflow |= self.adjusted_sq[j].add(U256::square(adjusted));
            }
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
/// `threads` threads; `None`: the current pool) and returns their sums, or
/// the first error of a decider or of the threads. Once `stop` is set no
/// further hand starts and a hand under way stops within
/// [`LOOK_EVERY`](crate::sim::LOOK_EVERY) actions (the sums then cover
/// fewer deals: a stopped run's are to be thrown away).
pub fn match_chunks<E: Send + From<Error>>(
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
                || {
                    // Luck is read off each hand's history.
                    let work = if m.luck {
                        Hands::with_history(&tables[0], true)
                    } else {
                        Hands::new(&tables[0])
                    };
                    (work, MatchTotals::default(), Rows::default())
                },
                |(mut work, mut totals, mut rows), chunk| {
                    let mut played = Ok(());
                    if !stop.load(Ordering::Relaxed) {
                        (deciders.around_chunk)(&mut || {
                            played = play_deals(
                                &tables,
                                &seating,
                                chunk,
                                &mut work,
                                &mut rows,
                                &mut totals,
                                deciders,
                                stop,
                                m.luck,
                                &mut |_, _, _| {},
                            );
                        });
                    }
                    played.map(|()| (work, totals, rows))
                },
            )
            .map(|piece| piece.map(|(_, totals, _)| totals))
            .try_reduce(MatchTotals::default, |a, b| Ok(a.merge(b)))
    };
    run_in(threads, run)?
}

/// The deals of chunks `first_chunk .. first_chunk + n_chunks` played as
/// [`match_chunks`] plays them, each chunk's hands kept as columns in the
/// order of `record=`: deal by deal, each deal in its seatings' order
/// (hand `deal × rotations + r`), with the sums of them all. Stopped
/// (`stop`), the result is short of hands and is to be thrown away.
pub fn match_columns<E: Send + From<Error>>(
    m: &Match<'_>,
    first_chunk: u64,
    n_chunks: u64,
    threads: Option<usize>,
    stop: &AtomicBool,
    deciders: &Deciders<'_, E>,
) -> Result<(Vec<HandColumns>, MatchTotals), E> {
    let n = m.table.players.len();
    let (players, seating) = rotations(m);
    let tables: Vec<Table<'_>> = players
        .iter()
        .map(|p| Table {
            players: &p[..n],
            ..m.table
        })
        .collect();
    let rotations = tables.len();
    let run = || {
        (first_chunk..first_chunk + n_chunks)
            .into_par_iter()
            .map_init(
                || (Hands::with_history(&tables[0], true), Rows::default()),
                |(work, rows), chunk| {
                    let mut totals = MatchTotals::default();
                    let mut parts = vec![HandColumns::new(n); rotations];
                    let mut played = Ok(());
                    if !stop.load(Ordering::Relaxed) {
                        (deciders.around_chunk)(&mut || {
                            let mut keep = |r: usize, i: usize, hand: &Hand| {
                                parts[r].push((chunk * CHUNK + i as u64) * rotations as u64, hand);
                            };
                            played = play_deals(
                                &tables,
                                &seating,
                                chunk,
                                work,
                                rows,
                                &mut totals,
                                deciders,
                                stop,
                                m.luck,
                                &mut keep,
                            );
                        });
                    }
                    played.map(|()| {
                        let mut columns = HandColumns::new(n);
                        for i in 0..parts[0].len() {
                            let deal = chunk * CHUNK + i as u64;
                            for (r, part) in parts.iter().enumerate() {
                                let index = deal * rotations as u64 + r as u64;
                                columns.push_row(part, i, index, deal, r as u8);
                            }
                        }
                        (columns, totals)
                    })
                },
            )
            .collect::<Result<Vec<_>, E>>()
    };
    let chunks = run_in(threads, run)??;
    let mut all = MatchTotals::default();
    let mut kept = Vec::with_capacity(chunks.len());
    for (columns, totals) in chunks {
        all = all.merge(totals);
        kept.push(columns);
    }
    Ok((kept, all))
}

/// A chunk's payoffs and (when counted) luck, hand by hand: deal `i` of
/// rotation `r` at `i * rotations + r`, a deal's rows side by side.
#[derive(Default)]
struct Rows {
    payoffs: Vec<[i64; MAX_SEATS]>,
    luck: Vec<[i128; MAX_SEATS]>,
}

/// One chunk's deals, every rotation, into `totals`; `keep(r, i, hand)`
/// is shown deal `i` of the chunk played in rotation `r`.
#[allow(clippy::too_many_arguments)]
fn play_deals<E>(
    tables: &[Table<'_>],
    seating: &[[u8; MAX_SEATS]],
    chunk: u64,
    work: &mut Hands,
    rows: &mut Rows,
    totals: &mut MatchTotals,
    deciders: &Deciders<'_, E>,
    stop: &AtomicBool,
    count_luck: bool,
    keep: &mut impl FnMut(usize, usize, &Hand),
) -> Result<(), E> {
    let rotations = tables.len();
    let count = CHUNK.min(tables[0].hands.saturating_sub(chunk * CHUNK)) as usize;
    let Rows {
        payoffs,
        luck: lucks,
    } = rows;
    payoffs.clear();
    payoffs.resize(count * rotations, [0; MAX_SEATS]);
    lucks.clear();
    if count_luck {
        lucks.resize(count * rotations, [0; MAX_SEATS]);
    }
    for (r, table) in tables.iter().enumerate() {
        let mut done = |i: usize, hand: &Hand| {
            payoffs[i * rotations + r] = hand.payoffs();
            if count_luck {
                // One generator per deal: every seating samples alike.
                let mut rng = Rng::new(luck_seed(table.seed, chunk * CHUNK + i as u64));
                lucks[i * rotations + r] = luck(hand, &mut rng);
            }
            keep(r, i, hand);
        };
        play_chunk(table, chunk, work, deciders, stop, &mut done)?;
    }
    // A stopped chunk's deals are not all played: none is counted.
    if stop.load(Ordering::Relaxed) {
        return Ok(());
    }
    let n = tables[0].players.len();
    for (i, deal) in payoffs.chunks_exact(rotations).enumerate() {
        let luck = lucks.get(i * rotations..(i + 1) * rotations).unwrap_or(&[]);
        totals.add_deal(deal, luck, seating, n);
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
        play_counting(players, ids, duplicate, deals, false)
    }

    fn play_counting(
        players: &[Player],
        ids: &[u8],
        duplicate: bool,
        deals: u64,
        luck: bool,
    ) -> MatchTotals {
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
            luck,
        };
        let chunks = deals.div_ceil(CHUNK);
        let stop = AtomicBool::new(false);
        match_chunks(&m, 0, chunks, Some(2), &stop, &builtin_only()).unwrap()
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

    /// Luck counted: identical strategies still have no luck and no
    /// adjusted result, and different ones' luck sums to zero.
    #[test]
    fn luck_cancels_between_identical_strategies_and_sums_to_zero() {
        for n in [2, 5, 8] {
            let players = vec![Player::Builtin(Strategy::Tight); n];
            let ids: Vec<u8> = (0..n).map(|s| (s % 2) as u8).collect();
            let totals = play_counting(&players, &ids, true, 300, true);
            assert_eq!(totals.net[..2], [0, 0], "{n} players");
            assert_eq!(totals.luck[..2], [0, 0], "{n} players");
            assert_eq!(totals.adjusted_sq[..2], [U256::default(); 2]);
            let mixed: Vec<Player> = (0..n)
                .map(|s| Player::Builtin(Strategy::ALL[s % 3]))
                .collect();
            let ids: Vec<u8> = (0..n).map(|s| (s % 3) as u8).collect();
            let totals = play_counting(&mixed, &ids, true, 300, true);
            assert_eq!(totals.luck.iter().sum::<i128>(), 0);
            assert!(totals.luck[0] != 0 && totals.adjusted_sq[0] != U256::default());
            assert_eq!(
                play_counting(&mixed, &ids, true, 300, false).luck,
                [0; MAX_SEATS]
            );
        }
    }

    /// The columns of a duplicate match hold every seating of each deal in
    /// turn, with the sums `match_chunks` gives, for any thread count.
    #[test]
    fn columns_interleave_the_seatings() {
        let players = [
            Player::Builtin(Strategy::Tight),
            Player::Builtin(Strategy::CheckCall),
            Player::Builtin(Strategy::Random),
        ];
        let stacks = [200; 3];
        let m = Match {
            table: Table {
                rules: Rules::default(),
                stacks: &stacks,
                players: &players,
                seed: 4,
                hands: CHUNK + 10,
            },
            strategy_of_seat: &[0, 1, 2],
            duplicate: true,
            luck: false,
        };
        let stop = AtomicBool::new(false);
        let sums = match_chunks(&m, 0, 2, Some(1), &stop, &builtin_only()).unwrap();
        for threads in [1, 2] {
            let (columns, totals) =
                match_columns(&m, 0, 2, Some(threads), &stop, &builtin_only()).unwrap();
            assert_eq!(totals, sums);
            assert_eq!(columns[1].len(), 30);
            assert_eq!(
                columns[1].hand[..4],
                [3 * CHUNK, 3 * CHUNK + 1, 3 * CHUNK + 2, 3 * CHUNK + 3]
            );
            assert_eq!(columns[1].deal[..4], [CHUNK, CHUNK, CHUNK, CHUNK + 1]);
            assert_eq!(columns[1].seating[..4], [0, 1, 2, 0]);
            // The seatings of a deal share its cards.
            assert_eq!(columns[0].seed[0], columns[0].seed[2]);
            assert_eq!(columns[0].up_cards[..2], columns[0].up_cards[..2]);
            let net: i64 = columns.iter().flat_map(|c| c.payoffs.iter()).sum();
            assert_eq!(net, 0);
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
        .unwrap();
        assert_eq!(totals.net[..3], sim.net[..3]);
        assert_eq!(totals.hand_sq[..3], sim.sum_sq[..3]);
        assert_eq!(totals.seat_hands[..3], [3000; 3]);
    }
}
