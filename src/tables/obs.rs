//! The observation arrays of many tables (the API, "Many tables at once"):
//! one row per table, written in place from each table's hand as its actor
//! sees it, so the bindings can hand the caller's numpy arrays straight to
//! the core. The same writer serves `Tables` and `simulate`'s batch
//! policies.

use super::features::{encode, Row, WIDTH};
use crate::error::{Error, Result};
use crate::event::Action;
use crate::hand::Hand;

pub use super::layout::{NONE, SLOTS};

/// Mutable views of the observation arrays of `rows` tables of `players`
/// seats, row-major.
pub struct Obs<'a> {
    pub players: usize,
    pub actor: &'a mut [i8],
    pub street: &'a mut [i8],
    pub to_call: &'a mut [i64],
    pub pot: &'a mut [i64],
    /// `rows × 7`, one flag per `Action`. Flags are bytes, 0 or 1: the
    /// arrays are numpy bool arrays the caller may write any byte into
    /// (through a uint8 view), and a Rust `bool` holding another byte is
    /// undefined behaviour, so the core never reads them as `bool`.
    pub legal: &'a mut [u8],
    /// `rows × players` each.
    pub stacks: &'a mut [i64],
    pub bets: &'a mut [i64],
    pub folded: &'a mut [u8],
    pub all_in: &'a mut [u8],
    /// `rows × players × 7`.
    pub cards: &'a mut [i8],
    pub community: &'a mut [i8],
}

/// The same arrays, read only (for `features`).
pub struct ObsRef<'a> {
    pub players: usize,
    pub actor: &'a [i8],
    pub street: &'a [i8],
    pub to_call: &'a [i64],
    pub pot: &'a [i64],
    pub legal: &'a [u8],
    pub stacks: &'a [i64],
    pub bets: &'a [i64],
    pub folded: &'a [u8],
    pub all_in: &'a [u8],
    pub cards: &'a [i8],
    pub community: &'a [i8],
}

impl ObsRef<'_> {
    pub fn rows(&self) -> usize {
        self.actor.len()
    }

    /// Checks that every array has the length `rows` tables need.
    pub fn fits(&self, rows: usize) -> bool {
        let p = self.players;
        self.actor.len() == rows
            && self.street.len() == rows
            && self.to_call.len() == rows
            && self.pot.len() == rows
            && self.community.len() == rows
            && self.legal.len() == rows * Action::ALL.len()
            && self.stacks.len() == rows * p
            && self.bets.len() == rows * p
            && self.folded.len() == rows * p
            && self.all_in.len() == rows * p
            && self.cards.len() == rows * p * SLOTS
    }

    /// Row `i`, for the feature encoder.
    pub fn row(&self, i: usize) -> Row<'_> {
        let p = self.players;
        Row {
            actor: self.actor[i],
            street: self.street[i],
            to_call: self.to_call[i],
            pot: self.pot[i],
            legal: &self.legal[i * 7..i * 7 + 7],
            stacks: &self.stacks[i * p..(i + 1) * p],
            bets: &self.bets[i * p..(i + 1) * p],
            folded: &self.folded[i * p..(i + 1) * p],
            all_in: &self.all_in[i * p..(i + 1) * p],
            cards: &self.cards[i * p * SLOTS..(i + 1) * p * SLOTS],
            community: self.community[i],
        }
    }

    /// Every row's features into `out` (`rows × WIDTH`; the arrays must
    /// `fit`), once `check` finds nothing wrong (`out` is then untouched).
    pub fn encode(&self, big_bet: u64, out: &mut [f32]) -> Result<()> {
        self.check()?;
        for (i, out) in out.chunks_exact_mut(WIDTH).enumerate().take(self.rows()) {
            encode(&self.row(i), big_bet, out);
        }
        Ok(())
    }

    /// That every card, seat, street and flag is one the core writes: the
    /// arrays are the caller's, who may have written anything into them,
    /// and these are indices, so an unchecked one would read past the row.
    /// Such a value is refused, naming its table, array and value, rather
    /// than encoded some defined way: it means a corrupt buffer, and any
    /// encoding of it would be a silent wrong input to a network. Amounts
    /// (to_call, pot, stacks, bets) are encoded as given, negative or not:
    /// they are divided, never used as indices, and checking them too cost
    /// a tenth of `features()`'s time. Whole arrays are checked (the rows
    /// of tables with no actor too, so what is refused does not depend on
    /// who acts) in a pass of branch-free folds the compiler vectorizes:
    /// with the bindings' checks of the arrays it costs features() about
    /// 3-5% at 4096 tables and 0.3 us a call at 16 (benches/bench_ab.py),
    /// where checks inside the encoder's loops cost a fifth. Only a bad
    /// array is walked again.
    pub fn check(&self) -> Result<()> {
        const CARD: &str = "a card 0 to 51, or -1 for none";
        let p = self.players;
        // -1 maps to 0, cards to 1 ... 52, anything else past 52.
        let card = |c: i8| (c as u8).wrapping_add(1) <= 52;
        let seats = u8::try_from(p).unwrap_or(u8::MAX);
        let seat = |a: i8| (a as u8).wrapping_add(1) <= seats;
        let street = |s: i8| (s == 0) | (3..=7).contains(&s);
        check(
            self.actor,
            1,
            "actor",
            "a seat of the table, or -1 for none",
            seat,
        )?;
        check(
            self.street,
            1,
            "street",
            "3 to 7, or 0 once the hand is over",
            street,
        )?;
        check(self.cards, p * SLOTS, "cards", CARD, card)?;
        check(self.community, 1, "community", CARD, card)?;
        // Flags: a bool array holds another byte only if written through
        // another dtype's view of it.
        const FLAG: &str = "0 or 1 (False or True)";
        let flag = |b: u8| b <= 1;
        check(self.legal, Action::ALL.len(), "legal", FLAG, flag)?;
        check(self.folded, p, "folded", FLAG, flag)?;
        check(self.all_in, p, "all_in", FLAG, flag)
    }
}

/// That `ok` holds for every value of `array` (`per_row` values a table),
/// else an error naming the first that fails.
fn check<T: Copy + Into<i64>>(
    values: &[T],
    per_row: usize,
    array: &str,
    expected: &str,
    ok: impl Fn(T) -> bool,
) -> Result<()> {
    if values.iter().fold(true, |all, &x| all & ok(x)) {
        return Ok(());
    }
    match values.iter().position(|&x| !ok(x)) {
        Some(i) => Err(Error::InvalidArgument(format!(
            "table {}: {array} holds {}, not {expected}",
            i / per_row,
            values[i].into()
        ))),
        None => Ok(()),
    }
}

impl Obs<'_> {
    pub fn rows(&self) -> usize {
        self.actor.len()
    }

    /// The same arrays, read only.
    pub fn as_ref(&self) -> ObsRef<'_> {
        ObsRef {
            players: self.players,
            actor: self.actor,
            street: self.street,
            to_call: self.to_call,
            pot: self.pot,
            legal: self.legal,
            stacks: self.stacks,
            bets: self.bets,
            folded: self.folded,
            all_in: self.all_in,
            cards: self.cards,
            community: self.community,
        }
    }

    /// Writes row `row` from `hand` as its actor sees it (with no actor:
    /// as nobody sees it, up cards and the community card only).
    pub fn write(&mut self, row: usize, hand: &Hand) {
        let p = self.players;
        let actor = hand.actor();
        self.actor[row] = actor.map_or(NONE, |s| s as i8);
        self.street[row] = hand.street().map_or(0, |s| s as i8);
        self.to_call[row] = hand.to_call() as i64;
        self.pot[row] = hand.pot() as i64;
        // `ActionSet` holds bit `i` for the action of index `i`.
        let legal = hand.legal_actions().0;
        for (i, flag) in self.legal[row * 7..row * 7 + 7].iter_mut().enumerate() {
            *flag = u8::from(legal >> i & 1 != 0);
        }
        let seats = row * p..row * p + p;
        let (stacks, bets) = (hand.stacks(), hand.bets());
        let cards = &mut self.cards[row * p * SLOTS..(row + 1) * p * SLOTS];
        for (s, ((((stack, bet), folded), all_in), slots)) in self.stacks[seats.clone()]
            .iter_mut()
            .zip(&mut self.bets[seats.clone()])
            .zip(&mut self.folded[seats.clone()])
            .zip(&mut self.all_in[seats])
            .zip(cards.chunks_exact_mut(SLOTS))
            .enumerate()
        {
            *stack = stacks[s] as i64;
            *bet = bets[s] as i64;
            *folded = u8::from(hand.folded(s));
            *all_in = u8::from(hand.all_in(s));
            // Slots: two down cards, four up, the seventh-street down card;
            // 0xFF (NONE) wherever nothing is dealt or the actor cannot see.
            let (up, down) = hand.packed_cards(s);
            let down = if Some(s) == actor { down } else { u32::MAX };
            let word =
                u64::from(down & 0xFFFF) | u64::from(up) << 16 | u64::from(down & 0xFF_0000) << 32;
            for (i, slot) in slots.iter_mut().enumerate() {
                *slot = (word >> (8 * i)) as i8;
            }
        }
        self.community[row] = hand.community_cards().first().map_or(NONE, |&c| c as i8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two tables of three seats, seat 1 to act at table 0, none at 1.
    struct Arrays {
        actor: [i8; 2],
        street: [i8; 2],
        stacks: [i64; 6],
        folded: [u8; 6],
        cards: [i8; 42],
        community: [i8; 2],
    }

    /// `encode`'s error, if any, once `edit` has written into the arrays.
    fn checked(edit: impl FnOnce(&mut Arrays)) -> std::result::Result<(), String> {
        let mut a = Arrays {
            actor: [1, NONE],
            street: [3, 0],
            stacks: [10, 20, 30, 0, 0, 0],
            folded: [0, 1, 0, 0, 0, 0],
            cards: [NONE; 42],
            community: [NONE, 7],
        };
        a.cards[7..10].copy_from_slice(&[0, 5, 51]);
        edit(&mut a);
        let obs = ObsRef {
            players: 3,
            actor: &a.actor,
            street: &a.street,
            to_call: &[0, 0],
            pot: &[3, 0],
            legal: &[0; 14],
            stacks: &a.stacks,
            bets: &[0; 6],
            folded: &a.folded,
            all_in: &[0; 6],
            cards: &a.cards,
            community: &a.community,
        };
        assert!(obs.fits(2));
        obs.encode(4, &mut [0.0; 2 * WIDTH])
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_card_seat_street_or_flag_the_core_never_writes_is_refused_by_name() {
        assert_eq!(checked(|_| {}), Ok(()));
        let card = "not a card 0 to 51, or -1 for none";
        let refused = |edit: fn(&mut Arrays), what: &str| {
            let error = checked(edit).unwrap_err();
            assert!(error.starts_with(what), "{error}");
        };
        assert_eq!(
            checked(|a| a.cards[21 + 3] = 52),
            Err(format!("table 1: cards holds 52, {card}"))
        );
        refused(|a| a.cards[3] = i8::MAX, "table 0: cards holds 127,");
        refused(|a| a.cards[0] = -2, "table 0: cards holds -2,");
        refused(|a| a.community[1] = 99, "table 1: community holds 99,");
        refused(|a| a.actor[0] = 3, "table 0: actor holds 3,");
        refused(|a| a.actor[1] = i8::MIN, "table 1: actor holds -128,");
        refused(|a| a.street[0] = 2, "table 0: street holds 2,");
        refused(|a| a.folded[4] = 2, "table 1: folded holds 2, not 0 or 1");
        // Amounts are encoded as given; street 0 with an actor is a seat's
        // view after the hand.
        assert_eq!(checked(|a| a.stacks[5] = -1), Ok(()));
        assert_eq!(checked(|a| a.street[0] = 0), Ok(()));
    }
}
