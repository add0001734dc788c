//! The generator of seeded hands (docs/ENGINE.md §3), identical in the
//! reference: splitmix64 fills the state of xoshiro256++, and a Fisher–Yates
//! shuffle rolls its indices in batches of dice, several from one output.

use rand_xoshiro::rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The first four outputs of splitmix64 from `seed`, as xoshiro's state.
fn splitmix_state(seed: u64) -> [u8; 32] {
    let mut x = seed;
    let mut bytes = [0u8; 32];
    for chunk in bytes.chunks_exact_mut(8) {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        chunk.copy_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    bytes
}

/// The seed of work unit `index` of a run seeded with `seed` (a chunk of
/// hands or of samples, a hand of a simulation): a splitmix64 finalizer of
/// the index, so that neighbouring units get unrelated generators.
pub fn chunk_seed(seed: u64, index: u64) -> u64 {
    let mut z = index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    seed ^ z ^ (z >> 31)
}

/// Sets hand `k`'s built-in decisions apart from its deck.
const DECISIONS: u64 = 0xD1B5_4A32_D192_ED03;

/// The seeds of hand `k` of a simulation seeded with `seed`: its deck, and
/// the generator its built-in strategies draw from (docs/SIMULATION.md).
/// Every hand has its own, so a hand's cards and random choices are the
/// same however hands are grouped into chunks, tables or threads.
pub fn hand_seeds(seed: u64, k: u64) -> (u64, u64) {
    let deck = chunk_seed(seed, k);
    (deck, deck ^ DECISIONS)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(Xoshiro256PlusPlus);

impl Rng {
    #[inline]
    pub fn new(seed: u64) -> Rng {
        Rng(Xoshiro256PlusPlus::from_seed(splitmix_state(seed)))
    }

    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform index below `n` (the high half of `next() * n`).
    #[inline(always)]
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Rolls one die per entry of `sides` (die `i` has `sides[i]` faces) from
    /// a single generator output, exactly uniformly: the output times the
    /// first die's sides holds that roll in its high 64 bits and passes its
    /// low 64 bits on to the next die; a final remainder below
    /// `2^64 mod product` (probability under product / 2^64) redraws the
    /// whole batch (Brackett-Rozinsky and Lemire, "Batched ranged random
    /// integer generation", 2024). Saves one generator step per die after
    /// the first, which is most of the cost of a short shuffle.
    ///
    /// Every die has at least one face and the product of `sides` fits in a
    /// `u64`; a batch far below 2^64 (say 2^48) almost never redraws.
    #[inline(always)]
    pub fn roll<const N: usize>(&mut self, sides: [u64; N]) -> [usize; N] {
        let product = sides.iter().fold(1u64, |p, &s| {
            debug_assert!(s > 0, "a die needs a face");
            p.checked_mul(s).expect("the dice's product fits in a u64")
        });
        let mut threshold = None;
        loop {
            let mut x = self.next_u64();
            let rolls = sides.map(|s| {
                let m = x as u128 * s as u128;
                x = m as u64;
                (m >> 64) as usize
            });
            // Only a remainder below `product` can be one of the
            // `2^64 mod product` surplus values; the division is that rare.
            if x >= product
                || x >= *threshold.get_or_insert_with(|| product.wrapping_neg() % product)
            {
                return rolls;
            }
        }
    }

    /// [`Rng::roll`] for dice known at run time, with `top`, `top − 1`, …
    /// sides (one per entry of `rolls`), given the batch's surplus
    /// `2^64 mod product` worked out once by the caller: the batches of a
    /// shuffle, and of sampled equity's partial shuffles.
    #[inline(always)]
    pub fn roll_down(&mut self, top: usize, rolls: &mut [usize], surplus: u64) {
        loop {
            let mut x = self.next_u64();
            for (j, roll) in rolls.iter_mut().enumerate() {
                let m = x as u128 * (top - j) as u128;
                x = m as u64;
                *roll = (m >> 64) as usize;
            }
            if x >= surplus {
                return;
            }
        }
    }

    /// Fisher–Yates from the back (docs/ENGINE.md §3): for i = len−1 down to
    /// 1, swap i with a roll of an (i + 1)-sided die; the dice are rolled in
    /// batches by [`Rng::roll`], each batch taking the next dice while the
    /// product of their sides stays below [`BATCH_LIMIT`]. The reshuffle of
    /// burns (four cards at most) is its only use in a hand, so it works the
    /// batches out as it goes; [`Rng::shuffle_deck`] is the same shuffle with
    /// the deck's batches fixed in advance.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        let mut i = items.len();
        while i > 1 {
            // The batch holds dice i, i − 1, …, down to `end` + 1.
            let (mut end, mut product) = (i, 1u64);
            // (A batch takes its first die whatever its size, so that a list
            // longer than the limit would still be shuffled.)
            while end > 1 && (product == 1 || product.saturating_mul(end as u64) < BATCH_LIMIT) {
                product *= end as u64;
                end -= 1;
            }
            // At most 15 dice fit in a batch (16 × 15 × … × 2 < 2^48 < 17!).
            let mut rolls = [0usize; 16];
            let rolls = &mut rolls[..i - end];
            self.roll_down(i, rolls, product.wrapping_neg() % product);
            for (s, &j) in (end + 1..=i).rev().zip(rolls.iter()) {
                items.swap(s - 1, j);
            }
            i = end;
        }
    }

    /// `shuffle` of a whole deck, in its five batches (8, 9, 9, 10 and 15
    /// dice, from 52 sides down to 2): five generator steps instead of 51,
    /// the dice and the swaps unrolled. Every simulated hand starts here.
    #[inline]
    pub fn shuffle_deck<T>(&mut self, deck: &mut [T; 52]) {
        self.deck_batch::<8, T>(deck, 52);
        self.deck_batch::<9, T>(deck, 44);
        self.deck_batch::<9, T>(deck, 35);
        self.deck_batch::<10, T>(deck, 26);
        self.deck_batch::<15, T>(deck, 16);
    }

    /// The batch of `N` dice from `top` sides down, and their swaps.
    #[inline(always)]
    fn deck_batch<const N: usize, T>(&mut self, deck: &mut [T; 52], top: usize) {
        let rolls = self.roll::<N>(std::array::from_fn(|k| (top - k) as u64));
        for (k, j) in rolls.into_iter().enumerate() {
            deck.swap(top - 1 - k, j);
        }
    }
}

/// The product of the sides of one batch of dice in a shuffle stays below
/// 2^48 (as in sampled equity), so a batch is redrawn with probability below
/// 2^-16.
pub const BATCH_LIMIT: u64 = 1 << 48;

#[cfg(test)]
mod tests {
    use super::*;

    /// Every outcome of a small batch comes from exactly as many of the 2^64
    /// outputs (counted on a scaled-down model: 8-bit words, where a batch
    /// of 3 × 5 × 7 = 105 faces leaves 256 mod 105 = 46 surplus values),
    /// and the 64-bit batch agrees with single rolls where no redraw occurs.
    #[test]
    fn batched_rolls_are_exactly_uniform() {
        let sides = [3u32, 5, 7];
        let product: u32 = sides.iter().product();
        let threshold = (256 - product) % product;
        let mut seen = vec![0u32; product as usize];
        for word in 0..256u32 {
            let mut x = word;
            let mut code = 0;
            for &s in &sides {
                let m = x * s;
                x = m & 0xFF;
                code = code * s + (m >> 8);
            }
            if x >= threshold {
                seen[code as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == seen[0]), "{seen:?}");
        assert_eq!(seen[0] * product, 256 - threshold);

        let mut a = Rng::new(9);
        let mut b = a.clone();
        for _ in 0..1000 {
            let rolls = a.roll([52, 51, 50, 49, 48, 47]);
            let mut x = b.next_u64();
            for (s, &r) in [52u64, 51, 50, 49, 48, 47].iter().zip(&rolls) {
                let m = x as u128 * *s as u128;
                assert_eq!(r, (m >> 64) as usize);
                assert!(r < *s as usize);
                x = m as u64;
            }
        }
        assert_eq!(a, b, "a 2^34 batch redraws about once in 2^30 rolls");
        // A die of 3 × 2^62 faces: a quarter of the outputs are surplus and
        // redrawn, and every roll stays in range.
        let sides = 3u64 << 62;
        let (mut c, mut d) = (Rng::new(1), Rng::new(1));
        let mut outputs = 0;
        for _ in 0..1000 {
            let [r] = c.roll([sides]);
            assert!((r as u64) < sides);
            loop {
                outputs += 1;
                if d.next_u64() as u128 * sides as u128 % (1u128 << 64) >= 1 << 62 {
                    break;
                }
            }
            assert_eq!(c, d);
        }
        assert!(
            (1200..1450).contains(&outputs),
            "{outputs} outputs for 1000 rolls"
        );
    }

    #[test]
    fn matches_the_published_splitmix_and_xoshiro_steps() {
        // splitmix64 from 0: the well-known first output.
        assert_eq!(
            &splitmix_state(0)[..8],
            &0xE220_A839_7B1D_CDAFu64.to_le_bytes()
        );
        let mut a = Rng::new(42);
        let mut b = a.clone();
        let mut c = a.clone();
        let mut deck: Vec<u8> = (0..52).collect();
        a.shuffle(&mut deck);
        let mut whole: [u8; 52] = std::array::from_fn(|i| i as u8);
        c.shuffle_deck(&mut whole);
        assert_eq!(whole[..], deck[..]);
        assert_eq!(a, c);
        let mut sorted = deck.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..52).collect::<Vec<u8>>());
        for _ in 0..5 {
            b.next_u64();
        }
        assert_eq!(a, b, "a deck shuffle takes five draws (no batch redrawn)");
    }

    /// The documented decks (docs/ENGINE.md §3), also checked by the
    /// reference's tests.
    #[test]
    fn seeded_decks_match_the_documented_vectors() {
        let vectors: [(u64, [u8; 52]); 2] = [
            (
                42,
                [
                    39, 41, 44, 15, 35, 7, 33, 48, 21, 4, 47, 28, 25, 29, 10, 40, 3, 6, 19, 2, 20,
                    9, 31, 50, 49, 18, 5, 12, 22, 30, 23, 16, 27, 36, 34, 45, 43, 13, 0, 24, 32, 8,
                    1, 14, 38, 37, 46, 11, 51, 26, 17, 42,
                ],
            ),
            (
                7,
                [
                    13, 4, 12, 21, 20, 22, 48, 1, 42, 5, 8, 18, 29, 50, 37, 39, 17, 45, 47, 49, 28,
                    32, 10, 36, 51, 41, 19, 11, 46, 34, 26, 6, 30, 3, 25, 31, 16, 35, 14, 23, 0,
                    27, 24, 7, 33, 15, 9, 43, 38, 40, 44, 2,
                ],
            ),
        ];
        for (seed, expected) in vectors {
            let mut deck: [u8; 52] = std::array::from_fn(|i| i as u8);
            Rng::new(seed).shuffle_deck(&mut deck);
            assert_eq!(deck, expected, "seed {seed}");
        }
        // Four burns: one batch of three dice (4, 3 and 2 sides).
        let mut burns = [0u8, 1, 2, 3];
        Rng::new(42).shuffle(&mut burns);
        assert_eq!(burns, [2, 1, 0, 3]);
    }

    /// Every batch of the deck's shuffle stays within the limit, and the
    /// next die would not have fitted (the greedy grouping of §3).
    #[test]
    fn deck_batches_are_the_greedy_ones() {
        let batches: [(u64, u64); 5] = [(52, 45), (44, 36), (35, 27), (26, 17), (16, 2)];
        for (top, bottom) in batches {
            let product: u64 = (bottom..=top).product();
            assert!(product < BATCH_LIMIT);
            assert!(bottom == 2 || product * (bottom - 1) >= BATCH_LIMIT);
        }
    }
}
