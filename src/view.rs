//! `PlayerView`: what one seat of a hand may know (the API, "view"), and
//! `determinize`, a hand consistent with it for search bots. A view is a
//! copy, built from the hand's public state and the seat's own cards; it
//! holds no reference to the hand, and every card it shows is one the seat
//! has seen, so a strategy given a view cannot peek. (Its history is the
//! hand's, shared copy-on-write rather than copied, since a view is taken
//! at every decision of a simulation; the cards the seat has not seen are
//! left out whenever it is read, and nothing reads it otherwise.)

use std::fmt;
use std::sync::Arc;

use crate::card::{Card, DECK_SIZE};
use crate::error::{Error, Result};
use crate::event::{Action, ActionSet, Event, EventKind};
use crate::hand::{DeckSource, Hand};
use crate::pots::MAX_SEATS;
use crate::rng::Rng;
use crate::rules::Rules;
use crate::tables::features::{self, Row, WIDTH};
use crate::tables::layout::{NONE, SLOTS};

#[derive(Clone)]
pub struct PlayerView {
    seat: usize,
    n: usize,
    rules: Rules,
    starting: [u64; MAX_SEATS],
    stacks: [u64; MAX_SEATS],
    bets: [u64; MAX_SEATS],
    pot: u64,
    folded: u8,
    all_in: u8,
    street: Option<u8>,
    actor: Option<usize>,
    legal: ActionSet,
    to_call: u64,
    down: [Card; 3],
    n_down: u8,
    up: [[Card; 4]; MAX_SEATS],
    n_up: [u8; MAX_SEATS],
    community: Option<Card>,
    payoffs: [i64; MAX_SEATS],
    /// The hand's history as it stood, shared with the hand: read only
    /// through `history()`, which leaves out every card the seat has not
    /// seen (others' down cards until shown, burns, reshuffled burns).
    history: Arc<Vec<Event>>,
}

impl PartialEq for PlayerView {
    /// Through the getters: the arrays' entries past the players and past
    /// each seat's card count are whatever the hand held there.
    fn eq(&self, other: &PlayerView) -> bool {
        let table = |v: &PlayerView| {
            (
                v.seat,
                v.n,
                v.rules,
                v.starting_stacks().to_vec(),
                v.stacks().to_vec(),
                v.bets().to_vec(),
                v.pot,
                v.folded,
                v.all_in,
            )
        };
        let turn = |v: &PlayerView| {
            let up: Vec<Vec<Card>> = (0..v.n).map(|s| v.up_cards(s).to_vec()).collect();
            let down = v.down_cards(v.seat).to_vec();
            (v.street, v.actor, v.legal, v.to_call, down, up)
        };
        table(self) == table(other)
            && turn(self) == turn(other)
            && (self.community, self.payoffs()) == (other.community, other.payoffs())
            && self.history() == other.history()
    }
}

impl Eq for PlayerView {}

impl fmt::Debug for PlayerView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayerView")
            .field("seat", &self.seat)
            .field("street", &self.street)
            .field("actor", &self.actor)
            .field("stacks", &self.stacks())
            .field("history", &self.history())
            .finish_non_exhaustive()
    }
}

/// Whether `event` shows its cards to `seat`.
fn seen_by(event: &Event, seat: usize) -> bool {
    match event.kind {
        EventKind::DealDown => event.seat == Some(seat as u8),
        EventKind::Burn | EventKind::Reshuffle => false,
        _ => true,
    }
}

/// What one card dealt in a hand was to the viewer: a card it saw, or an
/// unknown one (someone else's down card, a burn).
#[derive(Clone, Copy)]
enum Take {
    Seen(Card),
    Unseen,
}

impl PlayerView {
    /// The view of `seat` (`None`: the actor; a finished hand has no actor,
    /// so then a seat must be given).
    pub fn of(hand: &Hand, seat: Option<usize>) -> Result<PlayerView> {
        let n = hand.num_players();
        let seat = match seat.or(hand.actor()) {
            Some(s) if s < n => s,
            Some(s) => {
                return Err(Error::InvalidArgument(format!(
                    "seat must be 0..{}, got {s}",
                    n - 1
                )))
            }
            None => {
                return Err(Error::InvalidArgument(
                    "the hand is over, so it has no actor: give a seat".into(),
                ))
            }
        };
        let arrays = hand.seat_arrays();
        let (&down, n_down) = hand.down_array(seat);
        let (mut folded, mut all_in) = (0, 0);
        for s in 0..n {
            folded |= u8::from(hand.folded(s)) << s;
            all_in |= u8::from(hand.all_in(s)) << s;
        }
        let view = PlayerView {
            seat,
            n,
            rules: *hand.rules(),
            starting: *arrays.starting,
            stacks: *arrays.stacks,
            bets: *arrays.bets,
            pot: hand.pot(),
            folded,
            all_in,
            street: hand.street(),
            actor: hand.actor(),
            legal: hand.legal_actions(),
            to_call: hand.to_call(),
            down,
            n_down,
            up: *arrays.up,
            n_up: *arrays.n_up,
            community: hand.community_cards().first().copied(),
            payoffs: hand.payoffs(),
            history: hand.shared_history(),
        };
        Ok(view)
    }

    pub fn seat(&self) -> usize {
        self.seat
    }
    pub fn num_players(&self) -> usize {
        self.n
    }
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn starting_stacks(&self) -> &[u64] {
        &self.starting[..self.n]
    }
    pub fn stacks(&self) -> &[u64] {
        &self.stacks[..self.n]
    }
    pub fn bets(&self) -> &[u64] {
        &self.bets[..self.n]
    }
    pub fn pot(&self) -> u64 {
        self.pot
    }
    pub fn folded(&self, seat: usize) -> bool {
        self.folded & (1 << seat) != 0
    }
    pub fn all_in(&self, seat: usize) -> bool {
        self.all_in & (1 << seat) != 0
    }
    pub fn street(&self) -> Option<u8> {
        self.street
    }
    pub fn is_over(&self) -> bool {
        self.street.is_none()
    }
    pub fn actor(&self) -> Option<usize> {
        self.actor
    }
    pub fn legal_actions(&self) -> ActionSet {
        self.legal
    }
    pub fn to_call(&self) -> u64 {
        self.to_call
    }
    pub fn up_cards(&self, seat: usize) -> &[Card] {
        &self.up[seat][..self.n_up[seat] as usize]
    }
    pub fn community_cards(&self) -> &[Card] {
        self.community.as_slice()
    }
    pub fn payoffs(&self) -> &[i64] {
        &self.payoffs[..self.n]
    }
    /// The history as the seat saw it: every card it has not seen left out.
    pub fn history(&self) -> Vec<Event> {
        self.history
            .iter()
            .map(|&e| {
                let mut e = e;
                if !seen_by(&e, self.seat) {
                    e.hide_cards();
                }
                e
            })
            .collect()
    }

    /// The down cards of `seat` that the viewer has seen: all of its own;
    /// another seat's only once shown at the showdown.
    pub fn down_cards(&self, seat: usize) -> &[Card] {
        if seat == self.seat {
            return &self.down[..self.n_down as usize];
        }
        self.history
            .iter()
            .rev()
            // (Shown cards are seen by every seat: the raw event will do.)
            .find(|e| e.kind == EventKind::Show && e.seat == Some(seat as u8))
            .map_or(&[], Event::cards)
    }

    /// The view encoded as `Tables::features` encodes a table's row
    /// (layout in docs/TABLES.md), with the view's seat in the actor's
    /// place: its own cards, every up card and the community card, stacks,
    /// bets and flags, seats counted clockwise from it. The legal actions
    /// and `to_call` are the seat's own: none and 0 unless it is to act
    /// (another seat's options are not the seat's to take). A finished
    /// hand encodes street 0 and no legal action, with its final amounts
    /// and cards. For the actor's view this is the table's row exactly.
    pub fn features(&self) -> [f32; WIDTH] {
        let n = self.n;
        let to_act = self.actor == Some(self.seat);
        let mut legal = [0u8; Action::ALL.len()];
        if to_act {
            for (i, flag) in legal.iter_mut().enumerate() {
                // `ActionSet` holds bit `i` for the action of index `i`.
                *flag = self.legal.0 >> i & 1;
            }
        }
        let amounts = |chips: &[u64; MAX_SEATS]| chips.map(|c| c as i64);
        let (stacks, bets) = (amounts(&self.stacks), amounts(&self.bets));
        let flags = |mask: u8| std::array::from_fn::<u8, MAX_SEATS, _>(|s| mask >> s & 1);
        let (folded, all_in) = (flags(self.folded), flags(self.all_in));
        // Slots as a table's row holds them: two down cards, four up, the
        // seventh-street down card; only the seat's own down cards.
        let mut cards = [NONE; MAX_SEATS * SLOTS];
        for (s, slots) in cards.chunks_exact_mut(SLOTS).take(n).enumerate() {
            for (slot, &c) in slots[2..6].iter_mut().zip(self.up_cards(s)) {
                *slot = c as i8;
            }
        }
        let mine = &mut cards[self.seat * SLOTS..(self.seat + 1) * SLOTS];
        for (i, &c) in self.down_cards(self.seat).iter().enumerate() {
            mine[if i < 2 { i } else { 6 }] = c as i8;
        }
        let row = Row {
            actor: self.seat as i8,
            street: self.street.map_or(0, |s| s as i8),
            to_call: if to_act { self.to_call as i64 } else { 0 },
            pot: self.pot as i64,
            legal: &legal,
            stacks: &stacks[..n],
            bets: &bets[..n],
            folded: &folded[..n],
            all_in: &all_in[..n],
            cards: &cards[..n * SLOTS],
            community: self.community.map_or(NONE, |c| c as i8),
        };
        let mut out = [0.0; WIDTH];
        features::encode(&row, self.rules.big_bet, &mut out);
        out
    }

    /// A hand consistent with the view: the same rules, stacks, seen cards
    /// and actions, with every card the seat has not seen dealt at random
    /// (from `seed`) from the cards it has not seen. Built from the view
    /// alone, so it cannot carry the real hand's hidden cards. Returns the
    /// hand and the deck it was dealt from.
    pub fn determinize(&self, seed: u64) -> Result<(Hand, [Card; DECK_SIZE])> {
        // Every card taken from the deck, in dealing order, as the seat saw it.
        let mut takes: Vec<(Option<u8>, Take)> = Vec::with_capacity(DECK_SIZE + 4);
        let mut burns = Vec::new();
        let mut reshuffled_at = None;
        let mut actions = Vec::new();
        for e in &self.history() {
            match e.kind {
                EventKind::DealDown
                | EventKind::DealUp
                | EventKind::Burn
                | EventKind::Community => {
                    if e.kind == EventKind::Burn && reshuffled_at.is_none() {
                        burns.push(takes.len());
                    }
                    let take = e.cards().first().map_or(Take::Unseen, |&c| Take::Seen(c));
                    let seat = (e.kind == EventKind::DealDown).then_some(e.seat).flatten();
                    takes.push((seat, take));
                }
                EventKind::Reshuffle => reshuffled_at = Some(takes.len()),
                EventKind::Show => {
                    // A shown seat's down cards, in the order they were dealt.
                    let mut shown = e.cards().iter();
                    for (seat, take) in &mut takes {
                        if *seat == e.seat {
                            if let Some(&c) = shown.next() {
                                *take = Take::Seen(c);
                            }
                        }
                    }
                }
                kind => actions.extend(action_of(kind)),
            }
        }
        if takes.len() < 3 * self.n {
            return Err(Error::InvalidArgument(
                "this view holds no history of the deal to rebuild a hand from".into(),
            ));
        }
        let first_pass = reshuffled_at.unwrap_or(takes.len());
        // Unknown slots of the deck, filled last.
        const UNKNOWN: Card = DECK_SIZE as Card;
        let mut deck = [UNKNOWN; DECK_SIZE];
        for (slot, &(_, take)) in deck.iter_mut().zip(&takes[..first_pass]) {
            if let Take::Seen(c) = take {
                *slot = c;
            }
        }
        // A reshuffle (seventh street with burns, ENGINE.md §3) makes the
        // stub and then the burns, in burn order, an explicit deck's new
        // deck: the j-th card after it is the j-th of those slots.
        let slots = (first_pass..DECK_SIZE).chain(burns.iter().copied());
        for (&(_, take), slot) in takes[first_pass..].iter().zip(slots) {
            if let Take::Seen(c) = take {
                deck[slot] = c;
            }
        }
        let mut seen = [false; DECK_SIZE];
        for &c in deck.iter().filter(|&&c| c != UNKNOWN) {
            seen[c as usize] = true;
        }
        let mut unseen: Vec<Card> = (0..UNKNOWN).filter(|&c| !seen[c as usize]).collect();
        Rng::new(seed).shuffle(&mut unseen);
        let mut unseen = unseen.into_iter();
        for slot in deck.iter_mut().filter(|c| **c == UNKNOWN) {
            *slot = unseen.next().unwrap_or(UNKNOWN);
        }
        let mut hand = Hand::new(self.rules, self.starting_stacks(), DeckSource::Cards(deck))?;
        for action in actions {
            hand.act(action)?;
        }
        Ok((hand, deck))
    }
}

/// The player action an event records, if it records one.
pub fn action_of(kind: EventKind) -> Option<Action> {
    Some(match kind {
        EventKind::BringIn => Action::BringIn,
        EventKind::Complete => Action::Complete,
        EventKind::Bet => Action::Bet,
        EventKind::Raise => Action::Raise,
        EventKind::Call => Action::Call,
        EventKind::Check => Action::Check,
        EventKind::Fold => Action::Fold,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::Strategy;

    /// Hands played to every decision point by random actions, with the
    /// actor's view at each.
    fn decisions(seed: u64, players: usize, mut at: impl FnMut(&Hand, &PlayerView)) {
        let rules = Rules {
            ante: 1,
            bring_in: 2,
            small_bet: 4,
            big_bet: 8,
            burn_cards: seed.is_multiple_of(2),
            ..Rules::default()
        };
        let mut hand = Hand::new(rules, &vec![60; players], DeckSource::Seed(seed)).unwrap();
        let mut rng = Rng::new(seed);
        while hand.actor().is_some() {
            let view = PlayerView::of(&hand, None).unwrap();
            at(&hand, &view);
            Strategy::Random.play(&mut hand, &mut rng);
        }
    }

    /// The built-in strategies read only what a view holds: "tight" decides
    /// the same in any hand consistent with the actor's view, whatever the
    /// opponents' hidden cards and the cards to come.
    #[test]
    fn tight_plays_the_same_whatever_the_hidden_cards() {
        for seed in 0..300 {
            decisions(seed, 2 + seed as usize % 7, |hand, view| {
                let mut rng = Rng::new(0);
                let expected = Strategy::Tight.decide(hand, &mut rng);
                for other in 0..4 {
                    let (same, _) = view.determinize(seed * 31 + other).unwrap();
                    assert_eq!(PlayerView::of(&same, None).unwrap(), *view);
                    assert_eq!(Strategy::Tight.decide(&same, &mut rng), expected);
                }
            });
        }
    }

    /// The actor's view encodes as the table's row of the same hand does.
    #[test]
    fn the_actors_view_encodes_as_its_tables_row() {
        use crate::tables::{Obs, ObsRef};
        for seed in 0..100 {
            let players = 2 + seed as usize % 7;
            decisions(seed, players, |hand, view| {
                let (mut actor, mut street, mut to_call, mut pot) = ([0], [0], [0], [0]);
                let mut legal = [0; 7];
                let (mut stacks, mut bets) = (vec![0; players], vec![0; players]);
                let (mut folded, mut all_in) = (vec![0; players], vec![0; players]);
                let mut cards = vec![0; players * SLOTS];
                let mut community = [0];
                let mut obs = Obs {
                    players,
                    actor: &mut actor,
                    street: &mut street,
                    to_call: &mut to_call,
                    pot: &mut pot,
                    legal: &mut legal,
                    stacks: &mut stacks,
                    bets: &mut bets,
                    folded: &mut folded,
                    all_in: &mut all_in,
                    cards: &mut cards,
                    community: &mut community,
                };
                obs.write(0, hand);
                let row: ObsRef<'_> = obs.as_ref();
                let mut expected = [0.0; WIDTH];
                row.encode(hand.rules().big_bet, &mut expected).unwrap();
                // Bit for bit.
                assert_eq!(
                    view.features().map(f32::to_bits),
                    expected.map(f32::to_bits)
                );
            });
        }
    }

    #[test]
    fn a_view_shows_no_card_its_seat_has_not_seen() {
        decisions(5, 6, |hand, view| {
            let seat = view.seat();
            for s in 0..6 {
                if s != seat {
                    assert!(view.down_cards(s).is_empty());
                }
                assert_eq!(view.up_cards(s), hand.up_cards(s));
            }
            assert_eq!(view.down_cards(seat), hand.down_cards(seat));
            for e in view.history() {
                let hidden = (e.kind == EventKind::DealDown && e.seat != Some(seat as u8))
                    || e.kind == EventKind::Burn;
                let dealt = matches!(
                    e.kind,
                    EventKind::DealDown
                        | EventKind::DealUp
                        | EventKind::Burn
                        | EventKind::Community
                );
                if dealt {
                    assert_eq!(e.cards().is_empty(), hidden, "{e:?}");
                }
            }
        });
    }
}
