//! Razz equity (docs/EQUITY.md): exact by rank multisets with combinatorial
//! weights, or sampled in seeded chunks. Suits never matter, so each
//! player's unknown cards reduce to a rank multiset X that occurs
//! Π C(n_r, x_r) ways among the unseen counts n_r; enumerating multisets
//! instead of card deals turns 1.8 × 10¹⁰ third-street deals into a few
//! million weighted pairs.

use std::ops::Range;
use std::sync::atomic::AtomicBool;

use crate::card::{rank_of, Card, DECK_SIZE};
use crate::error::{Error, Result};
use crate::eval::LowKey;
#[cfg(test)]
use crate::eval::Rank;
use crate::pots::MAX_SEATS;

mod exact;
mod multiset;
mod outcomes;
mod sample;
use exact::outer_size;
pub use exact::{exact, exact_slice};
use multiset::count_multisets;
#[cfg(test)]
use multiset::multisets;
pub use sample::sample_slice;

/// Shares are counted in 1/840 of a pot: 840 divides by every tie size 1..8.
pub const SHARE_UNITS: u128 = 840;
/// Samples per seeded chunk.
pub const SAMPLE_CHUNK: u64 = 4096;
/// `exact = None` enumerates when the multiset product is at most this.
pub const EXACT_LIMIT: u128 = 20_000_000;

/// A stop flag nobody sets, for runs that go to the end.
static NEVER: AtomicBool = AtomicBool::new(false);

/// Integer tallies of outcomes (weights when exact, samples when sampled).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub total: u128,
    pub shares: [u128; MAX_SEATS],
    pub share_squares: [u128; MAX_SEATS],
    pub wins: [u128; MAX_SEATS],
    pub ties: [u128; MAX_SEATS],
}

impl Tally {
    fn merge(mut self, other: Tally) -> Tally {
        self.total += other.total;
        for s in 0..MAX_SEATS {
            self.shares[s] += other.shares[s];
            self.share_squares[s] += other.share_squares[s];
            self.wins[s] += other.wins[s];
            self.ties[s] += other.ties[s];
        }
        self
    }

    /// One outcome of weight `weight` with these ranks (the plain form the
    /// tests compare the counted-by-winners tallies with).
    #[cfg(test)]
    fn add(&mut self, ranks: &[Rank], weight: u128) {
        let best = ranks.iter().copied().min().unwrap_or(Rank::MAX);
        let winners = ranks
            .iter()
            .enumerate()
            .fold(0, |m, (s, &r)| m | ((r == best) as usize) << s);
        self.add_winners(winners, weight);
    }

    /// Outcomes of weight `weight` in all, each won by the seats of the mask
    /// `winners` (bit `s` for seat `s`), who share the pot.
    #[inline]
    fn add_winners(&mut self, winners: usize, weight: u128) {
        let count = winners.count_ones() as u128;
        let share = SHARE_UNITS / count;
        self.total += weight;
        for s in (0..MAX_SEATS).filter(|s| winners >> s & 1 == 1) {
            self.shares[s] += weight * share;
            self.share_squares[s] += weight * share * share;
            if count == 1 {
                self.wins[s] += weight;
            } else {
                self.ties[s] += weight;
            }
        }
    }
}

/// A validated spot: what each player holds and needs, and the unseen cards.
#[derive(Clone, Debug)]
pub struct Spot {
    players: usize,
    known: [LowKey; MAX_SEATS],
    /// Private cards each player still gets.
    private: [usize; MAX_SEATS],
    /// Whether one community card completes every unfinished hand.
    community: bool,
    /// Which players take it (those that were missing cards).
    takes_community: [bool; MAX_SEATS],
    /// Unseen cards, in increasing order.
    pool: Vec<Card>,
}

fn bad(message: String) -> Error {
    Error::InvalidArgument(message)
}

impl Spot {
    pub fn new(hands: &[Vec<Card>], dead: &[Card]) -> Result<Spot> {
        if !(2..=MAX_SEATS).contains(&hands.len()) {
            return Err(bad(format!(
                "equity needs 2 to 8 players, got {}",
                hands.len()
            )));
        }
        let mut seen = [false; DECK_SIZE];
        for &c in hands.iter().flatten().chain(dead) {
            if c as usize >= DECK_SIZE {
                return Err(Error::CardOutOfRange(c.to_string()));
            }
            if seen[c as usize] {
                return Err(Error::DuplicateCard(crate::card::format_card(c)));
            }
            seen[c as usize] = true;
        }
        let mut known = [LowKey::EMPTY; MAX_SEATS];
        let mut need = [0usize; MAX_SEATS];
        for (i, hand) in hands.iter().enumerate() {
            if hand.len() > 7 {
                return Err(Error::CardCount {
                    what: "a player in equity",
                    expected: "0 to 7",
                    got: hand.len(),
                });
            }
            known[i] = hand.iter().fold(LowKey::EMPTY, |k, &c| k.with(c));
            need[i] = 7 - hand.len();
        }
        let pool: Vec<Card> = (0..DECK_SIZE as Card)
            .filter(|&c| !seen[c as usize])
            .collect();
        let total_need: usize = need.iter().sum();
        let community = total_need > pool.len();
        let mut private = need;
        if community {
            for p in private.iter_mut().filter(|p| **p > 0) {
                *p -= 1;
            }
            let short = 1 + private.iter().sum::<usize>();
            if short > pool.len() {
                return Err(bad(format!(
                    "not enough unseen cards: the hands need {short} with a community card, {} are left",
                    pool.len()
                )));
            }
        }
        let takes_community = std::array::from_fn(|i| community && need[i] > 0);
        Ok(Spot {
            players: hands.len(),
            known,
            private,
            community,
            takes_community,
            pool,
        })
    }

    fn unseen_counts(&self) -> [u8; 13] {
        let mut counts = [0u8; 13];
        for &c in &self.pool {
            counts[rank_of(c) as usize] += 1;
        }
        counts
    }

    /// The size of the exact enumeration, as `exact = None` measures it:
    /// the product over players of the rank multisets each could receive,
    /// or the number of distinct card deals if that is smaller (each
    /// enumerated outcome is at least one deal, and the product, which
    /// ignores that players draw from one pool, overstates spots with few
    /// unseen cards many times over).
    pub fn enumeration_size(&self) -> u128 {
        let counts = self.unseen_counts();
        let product = (0..self.players)
            .map(|p| count_multisets(&counts, self.private[p]))
            .fold(1u128, u128::saturating_mul);
        product.min(self.deals())
    }

    /// Distinct deals of the unseen cards (docs/EQUITY.md "The deal"),
    /// saturating: the community card, then each player's private cards.
    fn deals(&self) -> u128 {
        let choose = |n: usize, k: usize| -> u128 {
            (0..k).fold(1u128, |c, i| c * (n - i) as u128 / (i as u128 + 1))
        };
        let mut left = self.pool.len();
        let mut deals = 1u128;
        if self.community {
            deals = left as u128;
            left -= 1;
        }
        for &k in &self.private[..self.players] {
            deals = deals.saturating_mul(choose(left, k));
            left -= k;
        }
        deals
    }

    pub fn chooses_exact(&self) -> bool {
        self.players == 2 || self.enumeration_size() <= EXACT_LIMIT
    }

    /// The community card's possible ranks, each with how many unseen cards
    /// have it; one entry `(None, 1)` when there is no community card.
    fn communities(&self) -> Vec<(Option<u8>, u128)> {
        let counts = self.unseen_counts();
        if self.community {
            (0..13u8)
                .filter(|&r| counts[r as usize] > 0)
                .map(|r| (Some(r), counts[r as usize] as u128))
                .collect()
        } else {
            vec![(None, 1)]
        }
    }

    /// Whether a run is exact (`exact`, or [`Spot::chooses_exact`] when
    /// `None`) and how many units of work it has.
    pub fn plan(&self, exact: Option<bool>, trials: u64) -> (bool, u64) {
        let exact = exact.unwrap_or_else(|| self.chooses_exact());
        (exact, self.units(exact, trials))
    }

    /// How many units of work an equity run of this spot has (see
    /// [`tally_units`]): exact, the items of the outer enumeration (each
    /// community rank times each multiset of the first player, or three-way
    /// each combined multiset of the first two); sampled, the seeded chunks
    /// of `trials` samples.
    pub fn units(&self, exact: bool, trials: u64) -> u64 {
        if exact {
            let first = count_multisets(&self.unseen_counts(), outer_size(self)) as u64;
            self.communities().len() as u64 * first
        } else {
            trials.div_ceil(SAMPLE_CHUNK)
        }
    }
}

/// Sampled tallies of `trials` deals, in chunks seeded from (`seed`, chunk),
/// so the result is the same for any `threads` (an error only when the
/// system will not start them).
pub fn sample(spot: &Spot, trials: u64, seed: u64, threads: Option<usize>) -> Result<Tally> {
    sample_slice(
        spot,
        trials,
        seed,
        0..spot.units(false, trials),
        threads,
        &NEVER,
    )
}

/// Units `units` (of `spot.units(exact, trials)`) of an exact or a sampled
/// run: the piece of work a caller that spreads a run over machines hands to
/// each one; merging the tallies of disjoint ranges that cover every unit
/// gives the tallies of the whole run, bit for bit. Once `stop` is set the
/// run ends early and its tallies mean nothing.
pub fn tally_units(
    spot: &Spot,
    exact: bool,
    trials: u64,
    seed: u64,
    units: Range<u64>,
    threads: Option<usize>,
    stop: &AtomicBool,
) -> Result<Tally> {
    let total = spot.units(exact, trials);
    if units.start > units.end || units.end > total {
        return Err(bad(format!(
            "units {}..{} are outside the run's {total}",
            units.start, units.end
        )));
    }
    if exact {
        exact_slice(spot, units, threads, stop)
    } else {
        sample_slice(spot, trials, seed, units, threads, stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn spot(hands: &[&str], dead: &str) -> Spot {
        let hands: Vec<Vec<Card>> = hands.iter().map(|h| parse_cards(h).unwrap()).collect();
        Spot::new(&hands, &parse_cards(dead).unwrap()).unwrap()
    }

    /// Brute force over card deals: seventh street, one card each to come.
    fn brute(s: &Spot) -> Tally {
        let mut tally = Tally::default();
        let pool = &s.pool;
        for (i, &a) in pool.iter().enumerate() {
            for (j, &b) in pool.iter().enumerate() {
                if i == j {
                    continue;
                }
                let ranks = [s.known[0].with(a).rank(), s.known[1].with(b).rank()];
                tally.add(&ranks, 1);
            }
        }
        tally
    }

    #[test]
    fn multisets_are_counted_as_listed() {
        let mut counts = [4u8; 13];
        counts[0] = 1;
        counts[5] = 0;
        counts[12] = 3;
        for size in 0..=7 {
            assert_eq!(
                count_multisets(&counts, size),
                multisets(&counts, size).len() as u128
            );
        }
        assert_eq!(count_multisets(&[4; 13], 7), 49_205);
    }

    #[test]
    fn exact_equals_card_enumeration_on_seventh_street() {
        let s = spot(&["As 2d 3c 9h Kd Qc", "2s 3d 4c 5h Kc Ks"], "7c 7d");
        assert_eq!(exact(&s, Some(1)).unwrap(), brute(&s));
        assert_eq!(exact(&s, None).unwrap(), brute(&s));
    }

    #[test]
    fn third_street_heads_up_counts_every_deal() {
        let s = spot(&["As 2d 3c", "Ks Qd Jc"], "");
        let t = exact(&s, None).unwrap();
        // C(46, 4) × C(42, 4) deals.
        assert_eq!(t.total, 163_185 * 111_930);
        assert_eq!(t.shares.iter().sum::<u128>(), t.total * SHARE_UNITS);
        assert!(t.shares[0] > t.shares[1]);
    }

    #[test]
    fn sampling_is_thread_independent_and_near_exact() {
        let s = spot(&["As 2d 3c 4h", "5s 6d 7c 8h"], "");
        let one = sample(&s, 50_000, 9, Some(1)).unwrap();
        assert_eq!(sample(&s, 50_000, 9, Some(3)).unwrap(), one);
        let e = exact(&s, None).unwrap();
        let p_exact = e.shares[0] as f64 / (e.total as f64 * 840.0);
        let p_sample = one.shares[0] as f64 / (one.total as f64 * 840.0);
        assert!((p_exact - p_sample).abs() < 0.01, "{p_exact} {p_sample}");
    }

    #[test]
    fn eight_players_share_a_community_card() {
        let hands = [
            "Ac Ad 2c 2d 3c 3d",
            "Ah As 2h 2s 3h 3s",
            "4c 4d 5c 5d 6c 6d",
            "4h 4s 5h 5s 6h 6s",
            "7c 7d 8c 8d 9c 9d",
            "7h 7s 8h 8s 9h 9s",
            "Tc Td Jc Jd Qc Qd",
            "Th Ts Jh Js Qh Qs",
        ];
        let s = spot(&hands, "");
        assert!(s.community);
        let t = exact(&s, None).unwrap();
        assert_eq!(t.total, 4, "the four kings");
        // A king makes A-A-2-2-3... pairs for everyone; the aces-deuces-treys
        // seats tie for the best two pair in every deal.
        assert_eq!(t.ties[0], 4);
        assert_eq!(t.ties[1], 4);
        assert_eq!(t.shares[0], 4 * 420);
    }

    /// The tallies of units `0..total` cut at `cuts` (on one thread), merged.
    fn in_pieces(s: &Spot, exact: bool, trials: u64, cuts: &[u64]) -> Tally {
        let total = s.units(exact, trials);
        let mut bounds = vec![0];
        bounds.extend(cuts.iter().copied().filter(|&c| c < total));
        bounds.push(total);
        bounds
            .windows(2)
            .map(|w| tally_units(s, exact, trials, 11, w[0]..w[1], Some(1), &NEVER).unwrap())
            .fold(Tally::default(), Tally::merge)
    }

    #[test]
    fn slices_of_units_add_up_to_the_whole() {
        // Three-way third street, small with the high ranks dead.
        let dead = "Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks 9c 9d";
        let s = spot(&["As 2d 3c", "4h 5h 6s", "7c 8d 9h"], dead);
        let whole = exact(&s, None).unwrap();
        let n = s.units(true, 0);
        assert!(n > 10);
        for cuts in [
            vec![1],
            vec![n / 3, n / 2, n - 1],
            (1..n).step_by(7).collect(),
        ] {
            assert_eq!(in_pieces(&s, true, 0, &cuts), whole, "cuts {cuts:?}");
        }
        let sampled = sample(&s, 30_000, 11, None).unwrap();
        assert_eq!(s.units(false, 30_000), 8);
        assert_eq!(in_pieces(&s, false, 30_000, &[1, 2, 5]), sampled);
        assert_eq!(in_pieces(&s, false, 30_000, &[7]), sampled);
    }

    #[test]
    fn slices_cut_across_community_cards() {
        // Five unseen cards for three players who need two each: one private
        // card and a community card apiece.
        let dead = "Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks 9c 9d 9h 9s \
                    8c 8d 8h 8s 7c 7d 7h 7s 6c 6d 6h 6s";
        let s = spot(
            &["As Ad 2c 2d 3c", "Ah 4c 4d 5c 5d", "3d 3h 4h 5h 2h"],
            dead,
        );
        assert!(s.community);
        let whole = exact(&s, None).unwrap();
        let n = s.units(true, 0);
        // Ac 2s 3s 4s 5s: five community ranks, and three-way the ten
        // combined multisets of the first two players' one card each.
        assert_eq!(n, 50);
        assert_eq!(whole.total, 5 * 4 * 3 * 2);
        for cuts in [vec![3], vec![5, 10, 12], (1..n).collect()] {
            assert_eq!(in_pieces(&s, true, 0, &cuts), whole, "cuts {cuts:?}");
        }
    }

    #[test]
    fn units_out_of_range_are_an_error() {
        let s = spot(&["As 2d 3c 4h 5s 6d", "7c 8d 9h Tc Jd Qh"], "");
        let n = s.units(true, 0);
        assert!(tally_units(&s, true, 0, 0, 0..n + 1, None, &NEVER).is_err());
        #[allow(clippy::reversed_empty_ranges)]
        let backwards = 2..1;
        assert!(tally_units(&s, true, 0, 0, backwards, None, &NEVER).is_err());
        assert!(tally_units(&s, false, 5000, 0, 0..3, None, &NEVER).is_err());
        assert_eq!(
            tally_units(&s, true, 0, 0, 1..1, None, &NEVER)
                .unwrap()
                .total,
            0
        );
    }

    #[test]
    fn rejects_bad_spots() {
        let p = |h: &str| parse_cards(h).unwrap();
        assert!(Spot::new(&[p("As")], &[]).is_err());
        assert!(Spot::new(&[p("As"), p("As")], &[]).is_err());
        assert!(Spot::new(&[p("As 2s 3s 4s 5s 6s 7s 8s"), p("")], &[]).is_err());
    }
}
