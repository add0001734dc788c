//! The observation arrays of many tables (API.md, "Many tables at once"):
//! one row per table, written in place from each table's hand as its actor
//! sees it, so the bindings can hand the caller's numpy arrays straight to
//! the core. The same writer serves `Tables` and `simulate`'s batch
//! policies.

use super::features::{encode, Row, WIDTH};
use crate::error::{Error, Result};
use crate::event::Action;
use crate::hand::Hand;

/// Card slots per seat: two down, four up (third to sixth street), the
/// seventh-street down card.
pub const SLOTS: usize = 7;
/// Unknown card, empty slot, or no actor.
pub const NONE: i8 = -1;

/// Mutable views of the observation arrays of `rows` tables of `players`
/// seats, row-major.
pub struct Obs<'a> {
    pub players: usize,
    pub actor: &'a mut [i8],
    pub street: &'a mut [i8],
    pub to_call: &'a mut [i64],
    pub pot: &'a mut [i64],
    /// `rows × 7`, one flag per `Action`.
    pub legal: &'a mut [bool],
    /// `rows × players` each.
    pub stacks: &'a mut [i64],
    pub bets: &'a mut [i64],
    pub folded: &'a mut [bool],
    pub all_in: &'a mut [bool],
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
    pub legal: &'a [bool],
    pub stacks: &'a [i64],
    pub bets: &'a [i64],
    pub folded: &'a [bool],
    pub all_in: &'a [bool],
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
    /// `fit`). A value the core never writes is an error naming its table,
    /// array and value (`out` is then partly written).
    pub fn encode(&self, big_bet: u64, out: &mut [f32]) -> Result<()> {
        for (i, out) in out.chunks_exact_mut(WIDTH).enumerate().take(self.rows()) {
            encode(&self.row(i), big_bet, out).map_err(|bad| {
                Error::InvalidArgument(format!(
                    "table {i}: {} holds {}, not {}",
                    bad.array, bad.value, bad.expected
                ))
            })?;
        }
        Ok(())
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
            *flag = legal >> i & 1 != 0;
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
            *folded = hand.folded(s);
            *all_in = hand.all_in(s);
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
