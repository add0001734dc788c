//! Sampled equity (docs/EQUITY.md, "Sampled"): seeded chunks of partial
//! Fisher–Yates deals. The shuffle's dice are rolled several to a generator
//! output, and each sample is counted by the set of seats that share the
//! pot, so the hot loop draws about one output and adds one `u64` counter
//! per heads-up sample.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::{Spot, Tally, SAMPLE_CHUNK};
use crate::card::Card;
use crate::error::Result;
use crate::eval::{LowKey, Rank};
use crate::pots::MAX_SEATS;
use crate::rng::{chunk_seed, Rng, BATCH_LIMIT};
use crate::threads::run_in;

/// The dice of one sample's partial shuffle, `need` of them with `len`,
/// `len − 1`, … faces, cut into consecutive batches whose product of sides
/// is below [`BATCH_LIMIT`].
#[derive(Clone, Debug)]
struct Dice {
    len: usize,
    /// Per batch: the index one past its last die, and the number of
    /// surplus remainders (`2^64 mod product`) that redraw it.
    batches: Vec<(usize, u64)>,
}

impl Dice {
    fn new(len: usize, need: usize) -> Dice {
        let mut batches = Vec::new();
        let mut product = 1u64;
        for j in 0..need {
            let sides = (len - j) as u64;
            if product.saturating_mul(sides) >= BATCH_LIMIT {
                batches.push((j, product.wrapping_neg() % product));
                product = 1;
            }
            product *= sides;
        }
        if need > 0 {
            batches.push((need, product.wrapping_neg() % product));
        }
        Dice { len, batches }
    }

    /// Rolls every die into `rolls` (die `j` below `len − j`): each batch
    /// multiplies one output by the sides in turn, keeping the high half
    /// as the roll and passing the low half on; a final low half below the
    /// surplus redraws the batch, which makes every roll exactly uniform
    /// (Brackett-Rozinsky and Lemire, "Batched ranged random integer
    /// generation", 2024; the same steps as `Rng::roll`, whose dice must be
    /// known at compile time).
    #[inline(always)]
    fn roll(&self, rng: &mut Rng, rolls: &mut [usize; 64]) {
        let mut start = 0;
        for &(end, surplus) in &self.batches {
            rng.roll_down(self.len - start, &mut rolls[start..end], surplus);
            start = end;
        }
    }

    /// [`Dice::roll`] for exactly `N` dice in one batch, unrolled.
    #[inline(always)]
    fn roll_one<const N: usize>(&self, rng: &mut Rng) -> [usize; N] {
        debug_assert!(self.batches.len() == 1 && self.batches[0].0 == N);
        let surplus = self.batches[0].1;
        loop {
            let mut x = rng.next_u64();
            let rolls = std::array::from_fn(|j| {
                let m = x as u128 * (self.len - j) as u128;
                x = m as u64;
                (m >> 64) as usize
            });
            if x >= surplus {
                return rolls;
            }
        }
    }
}

/// Samples counted by the set of seats with the best rank (bit `s` for seat
/// `s`): one counter per sample, and the shares, squares, wins and ties of
/// every sample with the same winners are added once per chunk.
struct WinnerCounts([u64; 1 << MAX_SEATS]);

impl WinnerCounts {
    /// The seats holding the best of `ranks`.
    #[inline(always)]
    fn winners(ranks: &[Rank]) -> usize {
        let best = ranks.iter().copied().min().unwrap_or(Rank::MAX);
        ranks
            .iter()
            .enumerate()
            .fold(0, |m, (s, &r)| m | ((r == best) as usize) << s)
    }

    fn tally(&self) -> Tally {
        let mut tally = Tally::default();
        for (mask, &n) in self.0.iter().enumerate().filter(|(_, &n)| n > 0) {
            tally.add_winners(mask, n as u128);
        }
        tally
    }
}

/// The unseen cards with room to spare, so that an index masked to six bits
/// needs no bounds check.
type Pool = [Card; 64];

/// `count` samples of one chunk.
fn sample_chunk(spot: &Spot, dice: &Dice, rng: &mut Rng, count: u64) -> Tally {
    let mut pool: Pool = [0; 64];
    pool[..spot.pool.len()].copy_from_slice(&spot.pool);
    let need = dice.batches.last().map_or(0, |b| b.0);
    // Whose key each dealt position feeds: the seats' private cards in seat
    // order after the community card, which goes to a spare slot and is
    // added to every taker's key once dealt.
    let mut owner = [MAX_SEATS; 64];
    let mut next = spot.community as usize;
    for p in 0..spot.players {
        owner[next..next + spot.private[p]].fill(p);
        next += spot.private[p];
    }
    let mut rolls = [0usize; 64];
    let mut counts = WinnerCounts([0; 1 << MAX_SEATS]);
    let mut ranks = [0; MAX_SEATS];
    for _ in 0..count {
        dice.roll(rng, &mut rolls);
        let mut keys = [LowKey::EMPTY; MAX_SEATS + 1];
        keys[..MAX_SEATS].copy_from_slice(&spot.known);
        for j in 0..need & 63 {
            // Position j is final once swapped: deal its card at once.
            let r = (j + rolls[j]) & 63;
            let front = pool[j];
            let card = std::mem::replace(&mut pool[r], front);
            pool[j] = card;
            let key = &mut keys[owner[j] & 15];
            *key = key.with(card);
        }
        if spot.community {
            for (key, _) in keys
                .iter_mut()
                .zip(&spot.takes_community)
                .filter(|(_, &t)| t)
            {
                *key = key.with(pool[0]);
            }
        }
        for (rank, key) in ranks.iter_mut().zip(&keys).take(spot.players) {
            *rank = key.rank();
        }
        counts.0[WinnerCounts::winners(&ranks[..spot.players])] += 1;
    }
    counts.tally()
}

/// `count` samples of one heads-up chunk with no community card, the first
/// player taking `A` private cards and the second `N − A`, all `N` dice in
/// one batch: the general loop with its per-player loops unrolled away.
fn heads_up_chunk<const A: usize, const N: usize>(
    spot: &Spot,
    dice: &Dice,
    rng: &mut Rng,
    count: u64,
) -> Tally {
    let mut pool: Pool = [0; 64];
    pool[..spot.pool.len()].copy_from_slice(&spot.pool);
    let mut counts = WinnerCounts([0; 1 << MAX_SEATS]);
    for _ in 0..count {
        let rolls = dice.roll_one::<N>(rng);
        let mut keys = [spot.known[0], spot.known[1]];
        for (j, roll) in rolls.into_iter().enumerate() {
            // After its swap, position j is never touched again this
            // sample: its card is dealt as it is drawn, straight from the
            // register that swaps it in (`slice::swap` would store it and
            // load it back, 8 more instructions a sample).
            let r = (j + roll) & 63;
            let front = pool[j];
            let card = std::mem::replace(&mut pool[r], front);
            pool[j] = card;
            let key = &mut keys[(j >= A) as usize];
            *key = key.with(card);
        }
        let (r0, r1) = (keys[0].rank(), keys[1].rank());
        counts.0[(r0 <= r1) as usize | ((r1 <= r0) as usize) << 1] += 1;
    }
    counts.tally()
}

/// The sampled tallies of chunks `chunks` of a run of `trials` samples: each
/// chunk depends on its index alone, so disjoint slices add up to the whole.
/// Once `stop` is set (a caller's Ctrl-C) the remaining chunks are skipped
/// and the tallies mean nothing. An error only when the system will not
/// start `threads` threads.
pub fn sample_slice(
    spot: &Spot,
    trials: u64,
    seed: u64,
    chunks: Range<u64>,
    threads: Option<usize>,
    stop: &AtomicBool,
) -> Result<Tally> {
    let need = spot.community as usize + spot.private[..spot.players].iter().sum::<usize>();
    let dice = Dice::new(spot.pool.len(), need);
    let run = || {
        chunks
            .clone()
            .into_par_iter()
            .map(|chunk| {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                let mut rng = Rng::new(chunk_seed(seed, chunk));
                let count =
                    SAMPLE_CHUNK.min(trials.saturating_sub(chunk.saturating_mul(SAMPLE_CHUNK)));
                // Heads-up with both players on the same street (third to
                // sixth): at most 46 × … × 39 < 2^48, so one batch of dice.
                let one_batch = spot.players == 2 && !spot.community && dice.batches.len() == 1;
                let tally = match (one_batch, spot.private[0], spot.private[1]) {
                    (true, 4, 4) => heads_up_chunk::<4, 8>(spot, &dice, &mut rng, count),
                    (true, 3, 3) => heads_up_chunk::<3, 6>(spot, &dice, &mut rng, count),
                    (true, 2, 2) => heads_up_chunk::<2, 4>(spot, &dice, &mut rng, count),
                    (true, 1, 1) => heads_up_chunk::<1, 2>(spot, &dice, &mut rng, count),
                    _ => sample_chunk(spot, &dice, &mut rng, count),
                };
                Some(tally)
            })
            // Stops handing out chunks at the first `None`: a run of 10^12
            // trials has 10^8 chunks still to skip once stopped.
            .while_some()
            .reduce(Tally::default, Tally::merge)
    };
    run_in(threads, run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    #[test]
    fn dice_batches_stay_below_the_limit() {
        // Heads-up third street: 46 × 45 × … × 39 ≈ 2^43.6, one batch.
        let d = Dice::new(46, 8);
        assert_eq!(d.batches.len(), 1);
        assert_eq!(d.batches[0].0, 8);
        let product: u64 = (39..=46).product();
        assert_eq!(d.batches[0].1, product.wrapping_neg() % product);
        // Eight players from an empty table: every card, 52 dice.
        let d = Dice::new(52, 52);
        let mut start = 0;
        for &(end, surplus) in &d.batches {
            let product: u64 = (52 - end as u64 + 1..=52 - start as u64).product();
            assert!(product < BATCH_LIMIT && end > start);
            assert_eq!(surplus, product.wrapping_neg() % product);
            start = end;
        }
        assert_eq!(start, 52);
        assert!(Dice::new(10, 0).batches.is_empty());
    }

    #[test]
    fn rolls_are_the_batched_steps_of_the_generator() {
        let d = Dice::new(46, 8);
        let (mut a, mut b) = (Rng::new(5), Rng::new(5));
        let mut rolls = [0usize; 64];
        for _ in 0..1000 {
            d.roll(&mut a, &mut rolls);
            let expected = b.roll([46, 45, 44, 43, 42, 41, 40, 39]);
            assert_eq!(rolls[..8], expected);
        }
    }

    #[test]
    fn heads_up_chunks_equal_the_general_loop() {
        let spots = [
            (["As 2d 3c", "7s 8d 9h"], "Kc"),
            (["As 2d 3c 4h", "7s 8d 9h Ts"], ""),
            (["As 2d 3c 4h 5h", "7s 8d 9h Ts 5s"], "5c"),
            (["As 2d 3c 4h 5h 6h", "7s 8d 9h Ts 5s 5c"], ""),
        ];
        for (hands, dead) in spots {
            let hands: Vec<Vec<Card>> = hands.iter().map(|h| parse_cards(h).unwrap()).collect();
            let spot = Spot::new(&hands, &parse_cards(dead).unwrap()).unwrap();
            let k = spot.private[0];
            let dice = Dice::new(spot.pool.len(), 2 * k);
            let general = sample_chunk(&spot, &dice, &mut Rng::new(3), 5000);
            let mut rng = Rng::new(3);
            let fast = match k {
                4 => heads_up_chunk::<4, 8>(&spot, &dice, &mut rng, 5000),
                3 => heads_up_chunk::<3, 6>(&spot, &dice, &mut rng, 5000),
                2 => heads_up_chunk::<2, 4>(&spot, &dice, &mut rng, 5000),
                _ => heads_up_chunk::<1, 2>(&spot, &dice, &mut rng, 5000),
            };
            assert_eq!(fast, general, "{hands:?}");
            assert_eq!(fast.total, 5000);
        }
    }

    #[test]
    fn winner_counts_give_the_per_sample_tally() {
        let samples: [&[Rank]; 5] = [&[3, 7, 3], &[9, 2, 5], &[4, 4, 4], &[3, 7, 3], &[1, 8, 8]];
        let mut counts = WinnerCounts([0; 1 << MAX_SEATS]);
        let mut direct = Tally::default();
        for ranks in samples {
            counts.0[WinnerCounts::winners(ranks)] += 1;
            direct.add(ranks, 1);
        }
        assert_eq!(counts.tally(), direct);
    }
}
