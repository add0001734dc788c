//! The generator of seeded hands (docs/ENGINE.md §3), identical in the
//! reference: splitmix64 fills the state of xoshiro256++, and a Fisher–Yates
//! shuffle draws its index as the high half of a 128-bit product.

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

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(Xoshiro256PlusPlus);

impl Rng {
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

    /// Fisher–Yates from the back: for i = len−1 down to 1, swap i with below(i + 1).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// `shuffle` of a whole deck, three steps per turn of the loop (51 =
    /// 17 × 3): the loop's own bookkeeping is a fifth of a step, and every
    /// simulated hand starts here.
    pub fn shuffle_deck<T>(&mut self, deck: &mut [T; 52]) {
        for k in (0..17).rev() {
            for i in [3 * k + 3, 3 * k + 2, 3 * k + 1] {
                let j = self.below(i + 1);
                deck.swap(i, j);
            }
        }
    }
}

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
        let mut sorted = deck.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..52).collect::<Vec<u8>>());
        for _ in 0..51 {
            b.next_u64();
        }
        assert_eq!(a, b, "a deck shuffle takes exactly 51 draws");
    }
}
