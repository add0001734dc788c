//! Exact 256-bit sums of squares, for numbers whose squares pass 128 bits:
//! a deal's luck-adjusted result is counted in 1/13,440 chip, so with
//! stacks near the 2^53-chip limit its square needs about 150 bits.

/// An unsigned 256-bit integer, `hi · 2^128 + lo`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct U256 {
    pub hi: u128,
    pub lo: u128,
}

impl U256 {
    /// `x²`, exactly.
    pub fn square(x: u128) -> U256 {
        // x = a · 2^64 + b, so x² = a² · 2^128 + 2ab · 2^64 + b², and the
        // middle term 2ab · 2^64 = ab · 2^65 straddles the two halves.
        let (a, b) = (x >> 64, x & u128::from(u64::MAX));
        let ab = a * b;
        let (lo, carry) = (b * b).overflowing_add(ab << 65);
        // Cannot wrap: x² < 2^256.
        let hi = a * a + (ab >> 63) + u128::from(carry);
        U256 { hi, lo }
    }

    /// Adds `other`; true if the sum wrapped past 2^256.
    #[must_use]
    pub fn add(&mut self, other: U256) -> bool {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        let (hi, wrapped) = self.hi.overflowing_add(other.hi);
        let (hi, wrapped_by_carry) = hi.overflowing_add(u128::from(carry));
        *self = U256 { hi, lo };
        wrapped || wrapped_by_carry
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `x²` from 32-bit limbs, schoolbook: slow, but plainly right.
    fn square_by_limbs(x: u128) -> U256 {
        let limbs: Vec<u64> = (0..4)
            .map(|i| ((x >> (32 * i)) as u64) & 0xFFFF_FFFF)
            .collect();
        let mut out = [0u64; 8];
        for i in 0..4 {
            let mut carry = 0u64;
            for j in 0..4 {
                let t = out[i + j] + limbs[i] * limbs[j] + carry;
                out[i + j] = t & 0xFFFF_FFFF;
                carry = t >> 32;
            }
            let mut k = i + 4;
            while carry != 0 {
                let t = out[k] + carry;
                out[k] = t & 0xFFFF_FFFF;
                carry = t >> 32;
                k += 1;
            }
        }
        let half = |l: &[u64]| {
            l.iter()
                .rev()
                .fold(0u128, |acc, &v| (acc << 32) | u128::from(v))
        };
        U256 {
            hi: half(&out[4..]),
            lo: half(&out[..4]),
        }
    }

    #[test]
    fn squares_are_exact() {
        let mut x = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835u128;
        let edges = [
            0,
            1,
            u128::from(u64::MAX),
            1 << 64,
            (1 << 64) + 1,
            u128::MAX,
            u128::MAX - 1,
        ];
        for v in edges.into_iter().chain((0..2000).map(|_| {
            x = x
                .rotate_left(23)
                .wrapping_mul(0x2545_F491_4F6C_DD1D_1234_5678_9ABC_DEF1);
            x >> (x % 128)
        })) {
            assert_eq!(U256::square(v), square_by_limbs(v), "{v}");
        }
        assert_eq!(
            U256::square(u128::MAX),
            U256 {
                hi: u128::MAX - 1,
                lo: 1
            }
        );
    }

    #[test]
    fn sums_carry_and_report_wrapping() {
        let mut sum = U256 {
            hi: 0,
            lo: u128::MAX,
        };
        assert!(!sum.add(U256 { hi: 0, lo: 1 }));
        assert_eq!(sum, U256 { hi: 1, lo: 0 });
        let mut full = U256 {
            hi: u128::MAX,
            lo: u128::MAX,
        };
        assert!(full.add(U256 { hi: 0, lo: 1 }));
        assert_eq!(full, U256::default());
    }
}
