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
