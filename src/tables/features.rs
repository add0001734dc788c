//! `features()`: a fixed float32 encoding of the actor's observation for
//! neural networks (layout version [`VERSION`], documented in
//! docs/TABLES.md). It is computed from an observation row alone, so it can
//! hold nothing the actor has not seen. The encoder trusts its rows:
//! `ObsRef::encode` checks the caller's arrays before it runs.

use super::layout::{NONE, SLOTS};
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
    pub legal: &'a [u8],
    pub stacks: &'a [i64],
    pub bets: &'a [i64],
    /// Flags are bytes, 0 or 1 (`ObsRef::check`).
    pub folded: &'a [u8],
    pub all_in: &'a [u8],
    pub cards: &'a [i8],
    pub community: i8,
}

fn rank(card: i8) -> usize {
    (card as usize) / 4
}

/// Writes `row`'s encoding into `out` (`WIDTH` floats); amounts are in
/// big bets. A table with no actor is all zeros.
// Inlined into both callers (a table's rows, a view): out of line, the
// per-row call cost `Tables.features()` about a tenth of its speed.
#[inline(always)]
pub fn encode(row: &Row<'_>, big_bet: u64, out: &mut [f32]) {
    out.fill(0.0);
    if row.actor < 0 {
        return;
    }
    // Divided in f64 and then rounded once to f32, as numpy would.
    let bb = |chips: i64| (chips as f64 / big_bet as f64) as f32;
    let players = row.stacks.len();
    let actor = row.actor as usize;
    if (3..=7).contains(&row.street) {
        out[(row.street - 3) as usize] = 1.0;
    }
    for (o, &flag) in out[STREETS..STREETS + ACTIONS].iter_mut().zip(row.legal) {
        *o = f32::from(flag);
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
            own[rank(c)] += 1.0;
            if !(2..6).contains(&slot) {
                own_down[rank(c)] += 1.0;
            }
        }
    }
    if row.community != NONE {
        own[rank(row.community)] += 1.0;
        community[rank(row.community)] = 1.0;
    }
    for r in 0..players {
        let s = (actor + r) % players;
        let out = &mut seats[r * PER_SEAT..(r + 1) * PER_SEAT];
        out[0] = 1.0;
        out[1] = f32::from(u8::from(row.folded[s] == 0));
        out[2] = f32::from(row.all_in[s]);
        out[3] = bb(row.stacks[s]);
        out[4] = bb(row.bets[s]);
        for &c in &row.cards[s * SLOTS + 2..s * SLOTS + 6] {
            if c != NONE {
                out[5 + rank(c)] += 1.0;
            }
        }
    }
}
