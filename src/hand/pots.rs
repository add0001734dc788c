//! Main and side pots by contribution level, and their division among tied
//! winners (docs/ENGINE.md §7). Seats are bits of a `u8` mask.

pub const MAX_SEATS: usize = 8;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pot {
    pub amount: u64,
    /// Seats not folded that contributed to every level of this pot.
    pub eligible: u8,
    /// The seats that won a share; empty until awarded.
    pub winners: u8,
}

/// The pots of `contributed` (antes and bets so far, folded seats
/// included), main pot first; returns how many were written to `out`.
pub fn build_pots(contributed: &[u64], in_hand: u8, out: &mut [Pot; MAX_SEATS]) -> usize {
    if let Some(pot) = single_pot(contributed, in_hand) {
        out[0] = pot;
        return 1;
    }
    build_levels(contributed, in_hand, out)
}

/// The general walk up the distinct contribution levels.
fn build_levels(contributed: &[u64], in_hand: u8, out: &mut [Pot; MAX_SEATS]) -> usize {
    let mut levels = [0u64; MAX_SEATS];
    let mut n_levels = 0;
    for &c in contributed {
        if c > 0 && !levels[..n_levels].contains(&c) {
            levels[n_levels] = c;
            n_levels += 1;
        }
    }
    levels[..n_levels].sort_unstable();
    let (mut n_pots, mut carry, mut below) = (0, 0u64, 0u64);
    for &level in &levels[..n_levels] {
        let (mut payers, mut eligible) = (0u64, 0u8);
        for (s, &c) in contributed.iter().enumerate() {
            if c >= level {
                payers += 1;
                eligible |= in_hand & (1 << s);
            }
        }
        let amount = (level - below) * payers;
        below = level;
        if eligible == 0 {
            // Nobody left can win this level: it joins the pot below (or, with
            // none below yet, the next one up).
            match n_pots {
                0 => carry += amount,
                _ => out[n_pots - 1].amount += amount,
            }
        } else if n_pots > 0 && out[n_pots - 1].eligible == eligible {
            out[n_pots - 1].amount += amount;
        } else {
            out[n_pots] = Pot {
                amount: amount + carry,
                eligible,
                winners: 0,
            };
            carry = 0;
            n_pots += 1;
        }
    }
    n_pots
}

/// The common case, without sorting levels: when every seat in the hand put
/// in the same amount and nobody (folded or not) put in more, every level
/// has the same eligible seats, so there is one pot of everything.
fn single_pot(contributed: &[u64], in_hand: u8) -> Option<Pot> {
    let (mut total, mut most, mut least_live) = (0u64, 0u64, u64::MAX);
    for (s, &c) in contributed.iter().enumerate() {
        total += c;
        most = most.max(c);
        if in_hand & (1 << s) != 0 {
            least_live = least_live.min(c);
        }
    }
    (most > 0 && least_live == most).then_some(Pot {
        amount: total,
        eligible: in_hand,
        winners: 0,
    })
}

/// Each winner's share of `amount`: equal parts, then the odd chips one by
/// one to the winners in `odd_chip_order` (seats; only winners count).
pub fn split(amount: u64, winners: u8, odd_chip_order: &[usize]) -> [u64; MAX_SEATS] {
    let mut shares = [0u64; MAX_SEATS];
    let k = winners.count_ones() as u64;
    if k == 0 {
        return shares;
    }
    let mut odd = amount % k;
    for (s, share) in shares.iter_mut().enumerate() {
        if winners & (1 << s) != 0 {
            *share = amount / k;
        }
    }
    for &s in odd_chip_order {
        if odd == 0 {
            break;
        }
        if winners & (1 << s) != 0 {
            shares[s] += 1;
            odd -= 1;
        }
    }
    shares
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_pots_with_a_folded_contributor() {
        // Seat 0 all-in for 10, seat 1 all-in for 30, seat 2 folded after 50,
        // seat 3 put in 60.
        let contributed = [10, 30, 50, 60];
        let in_hand = 0b1011;
        let mut pots = [Pot::default(); MAX_SEATS];
        let n = build_pots(&contributed, in_hand, &mut pots);
        let got: Vec<(u64, u8)> = pots[..n].iter().map(|p| (p.amount, p.eligible)).collect();
        // 40 for all; 60 for seats 1 and 3; the 50-level (seat 3 alone among
        // the live) and the 60-level merge into one side pot for seat 3.
        assert_eq!(got, vec![(40, 0b1011), (60, 0b1010), (50, 0b1000)]);
        assert_eq!(got.iter().map(|g| g.0).sum::<u64>(), 150);
    }

    #[test]
    fn levels_nobody_can_win_join_the_pot_below() {
        let mut pots = [Pot::default(); MAX_SEATS];
        let n = build_pots(&[5, 10, 10], 0b001, &mut pots);
        assert_eq!(n, 1);
        assert_eq!((pots[0].amount, pots[0].eligible), (25, 0b001));
    }

    #[test]
    fn the_single_pot_shortcut_agrees_with_the_level_walk() {
        let mut rng = crate::rng::Rng::new(11);
        let mut shortcuts = 0;
        for _ in 0..20_000 {
            let n = 2 + rng.below(7);
            // Few distinct amounts, so that equal contributions are common.
            let contributed: Vec<u64> = (0..n).map(|_| [0, 3, 5, 5, 8][rng.below(5)]).collect();
            let in_hand = (rng.next_u64() as u8) & ((1u16 << n) - 1) as u8;
            let mut fast = [Pot::default(); MAX_SEATS];
            let n_fast = build_pots(&contributed, in_hand, &mut fast);
            let mut slow = [Pot::default(); MAX_SEATS];
            let n_slow = build_levels(&contributed, in_hand, &mut slow);
            assert_eq!(
                fast[..n_fast],
                slow[..n_slow],
                "{contributed:?} {in_hand:b}"
            );
            shortcuts += usize::from(single_pot(&contributed, in_hand).is_some());
        }
        assert!(shortcuts > 1000, "the shortcut was tried {shortcuts} times");
    }

    #[test]
    fn odd_chips_go_one_by_one() {
        assert_eq!(split(11, 0b0111, &[0, 1, 2])[..3], [4, 4, 3]);
        assert_eq!(split(11, 0b0111, &[2, 1, 0])[..3], [3, 4, 4]);
        assert_eq!(split(10, 0b0100, &[0, 1, 2])[..3], [0, 0, 10]);
    }
}
