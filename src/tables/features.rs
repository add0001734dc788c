//! `features()`: a fixed float32 encoding of the actor's observation for
//! neural networks (layout version [`VERSION`], documented in
//! docs/TABLES.md). It is computed from an observation row alone, so it can
//! hold nothing the actor has not seen.
//!
//! The rows are the caller's numpy arrays, which the caller may overwrite
//! with anything. A value the core never writes there (a card past 51, an
//! actor past the seats, a negative amount) is refused with [`Bad`], which
//! names it, rather than encoded some defined way: such a value means the
//! caller's buffer is corrupt, any encoding of it would be a silent wrong
//! input to a network, and a card or seat is an index, so an unchecked one
//! reads past the row. The checks add no branch to the encoder's loops
//! (see `encoded`); values the encoder does not read (the rows of tables
//! with no actor, other seats' down cards) are not checked.

use super::obs::{NONE, SLOTS};
use crate::pots::MAX_SEATS;

/// Bumped whenever the layout changes.
pub const VERSION: u32 = 1;

const STREETS: usize = 5;
const ACTIONS: usize = 7;
const RANKS: usize = 13;
/// Per seat, counted from the actor clockwise: present, in the hand,
/// all-in, stack and bet in big bets, and the ranks of its up cards.
const PER_SEAT: usize = 5 + RANKS;
const SEATS_AT: usize = STREETS + ACTIONS + 2 + 3 * RANKS;
/// Floats per table.
pub const WIDTH: usize = SEATS_AT + MAX_SEATS * PER_SEAT;

/// One table's observation, as `Obs` holds it.
pub struct Row<'a> {
    pub actor: i8,
    pub street: i8,
    pub to_call: i64,
    pub pot: i64,
    pub legal: &'a [bool],
    pub stacks: &'a [i64],
    pub bets: &'a [i64],
    pub folded: &'a [bool],
    pub all_in: &'a [bool],
    pub cards: &'a [i8],
    pub community: i8,
}

/// A value of an observation array that the core never writes there:
/// the array's name, the value, and what it should be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bad {
    pub array: &'static str,
    pub value: i64,
    pub expected: &'static str,
}

const CARD: &str = "a card 0 to 51, or -1 for none";
const CHIPS: &str = "a number of chips, at least 0";

/// The rank of a dealt card (not `NONE`), ace 0, clamped to a rank so that
/// no value can index past the row; `bad` is set for a value that is no
/// card (the row is then refused, so the clamped count never shows).
#[inline]
fn rank(card: i8, bad: &mut bool) -> usize {
    let c = card as u8;
    *bad |= c >= 52;
    usize::from(c / 4).min(RANKS - 1)
}

/// Writes `row`'s encoding into `out` (`WIDTH` floats); amounts are in
/// big bets. A table with no actor (-1) is all zeros. A value the core
/// never writes is an error, and leaves `out` partly written.
pub fn encode(row: &Row<'_>, big_bet: u64, out: &mut [f32]) -> Result<(), Bad> {
    if encoded(row, big_bet, out) {
        return Ok(());
    }
    first_bad(row).map_or(Ok(()), Err)
}

/// `encode`, saying only whether every value read was in range: the loops
/// gather one flag without a branch a value, and only a bad row is walked
/// again, by `first_bad`, to name the value.
#[inline]
fn encoded(row: &Row<'_>, big_bet: u64, out: &mut [f32]) -> bool {
    out.fill(0.0);
    if row.actor == NONE {
        return true;
    }
    let players = row.stacks.len();
    let actor = match usize::try_from(row.actor) {
        Ok(a) if a < players => a,
        _ => return false,
    };
    // Street 0 (the hand is over) has no one-hot: the environments encode
    // a seat's view after the hand with it.
    match row.street {
        0 => {}
        3..=7 => out[(row.street - 3) as usize] = 1.0,
        _ => return false,
    }
    let mut bad = (row.to_call | row.pot) < 0;
    // Divided in f64 and then rounded once to f32, as numpy would.
    let bb = |chips: i64| (chips as f64 / big_bet as f64) as f32;
    for (o, &flag) in out[STREETS..STREETS + ACTIONS].iter_mut().zip(row.legal) {
        *o = f32::from(u8::from(flag));
    }
    out[STREETS + ACTIONS] = bb(row.to_call);
    out[STREETS + ACTIONS + 1] = bb(row.pot);
    let own_at = STREETS + ACTIONS + 2;
    let (own, rest) = out[own_at..].split_at_mut(RANKS);
    let (own_down, rest) = rest.split_at_mut(RANKS);
    let (community, seats) = rest.split_at_mut(RANKS);
    let mine = &row.cards[actor * SLOTS..(actor + 1) * SLOTS];
    for (slot, &c) in mine.iter().enumerate() {
        if c != NONE {
            let r = rank(c, &mut bad);
            own[r] += 1.0;
            if !(2..6).contains(&slot) {
                own_down[r] += 1.0;
            }
        }
    }
    if row.community != NONE {
        let r = rank(row.community, &mut bad);
        own[r] += 1.0;
        community[r] = 1.0;
    }
    for r in 0..players {
        let s = (actor + r) % players;
        let out = &mut seats[r * PER_SEAT..(r + 1) * PER_SEAT];
        bad |= (row.stacks[s] | row.bets[s]) < 0;
        out[0] = 1.0;
        out[1] = f32::from(u8::from(!row.folded[s]));
        out[2] = f32::from(u8::from(row.all_in[s]));
        out[3] = bb(row.stacks[s]);
        out[4] = bb(row.bets[s]);
        for &c in &row.cards[s * SLOTS + 2..s * SLOTS + 6] {
            if c != NONE {
                out[5 + rank(c, &mut bad)] += 1.0;
            }
        }
    }
    !bad
}

/// The first value out of range that `encode` reads, in the order it reads
/// them (the reference's order too).
#[cold]
#[inline(never)]
fn first_bad(row: &Row<'_>) -> Option<Bad> {
    let chips = |array, value: i64| {
        (value < 0).then_some(Bad {
            array,
            value,
            expected: CHIPS,
        })
    };
    let card = |array, c: i8| {
        (c != NONE && !(0..52).contains(&c)).then_some(Bad {
            array,
            value: c.into(),
            expected: CARD,
        })
    };
    let players = row.stacks.len();
    let actor = match usize::try_from(row.actor) {
        Ok(a) if a < players => a,
        _ if row.actor == NONE => return None,
        _ => {
            return Some(Bad {
                array: "actor",
                value: row.actor.into(),
                expected: "a seat of the table, or -1 for none",
            })
        }
    };
    if !(row.street == 0 || (3..=7).contains(&row.street)) {
        return Some(Bad {
            array: "street",
            value: row.street.into(),
            expected: "3 to 7, or 0 once the hand is over",
        });
    }
    chips("to_call", row.to_call)
        .or_else(|| chips("pot", row.pot))
        .or_else(|| {
            row.cards[actor * SLOTS..(actor + 1) * SLOTS]
                .iter()
                .find_map(|&c| card("cards", c))
        })
        .or_else(|| card("community", row.community))
        .or_else(|| {
            (0..players).find_map(|r| {
                let s = (actor + r) % players;
                chips("stacks", row.stacks[s])
                    .or_else(|| chips("bets", row.bets[s]))
                    .or_else(|| {
                        row.cards[s * SLOTS + 2..s * SLOTS + 6]
                            .iter()
                            .find_map(|&c| card("cards", c))
                    })
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row of three seats, seat 1 to act, every value as the core writes it.
    fn encoded(
        change: impl FnOnce(&mut [i8; 21], &mut i8, &mut i8, &mut [i64; 3]),
    ) -> Result<(), Bad> {
        let mut cards = [NONE; 21];
        cards[7..10].copy_from_slice(&[0, 5, 51]);
        let (mut actor, mut community, mut stacks) = (1, NONE, [10, 20, 30]);
        change(&mut cards, &mut actor, &mut community, &mut stacks);
        let row = Row {
            actor,
            street: 3,
            to_call: 1,
            pot: 3,
            legal: &[false; 7],
            stacks: &stacks,
            bets: &[0; 3],
            folded: &[false; 3],
            all_in: &[false; 3],
            cards: &cards,
            community,
        };
        encode(&row, 4, &mut [0.0; WIDTH])
    }

    #[test]
    fn a_value_the_core_never_writes_is_refused_by_name() {
        assert_eq!(encoded(|_, _, _, _| {}), Ok(()));
        fn bad(
            f: impl FnOnce(&mut [i8; 21], &mut i8, &mut i8, &mut [i64; 3]),
        ) -> Result<(), (&'static str, i64)> {
            encoded(f).map_err(|b| (b.array, b.value))
        }
        assert_eq!(bad(|c, _, _, _| c[8] = 52), Err(("cards", 52)));
        assert_eq!(bad(|c, _, _, _| c[3] = i8::MAX), Err(("cards", 127)));
        assert_eq!(bad(|c, _, _, _| c[10] = -2), Err(("cards", -2)));
        assert_eq!(bad(|_, _, c, _| *c = 99), Err(("community", 99)));
        assert_eq!(bad(|_, a, _, _| *a = 3), Err(("actor", 3)));
        assert_eq!(bad(|_, a, _, _| *a = i8::MIN), Err(("actor", -128)));
        assert_eq!(bad(|_, _, _, s| s[2] = -1), Err(("stacks", -1)));
        // Another seat's down card is not read, so not checked.
        assert_eq!(encoded(|c, _, _, _| c[0] = 100), Ok(()));
        // No actor: all zeros, nothing else read.
        assert_eq!(encoded(|c, a, _, _| (*a, c[8]) = (NONE, 100)), Ok(()));
    }
}
