//! The razz hand: a state machine from antes to awards (docs/RULES.md,
//! docs/ENGINE.md). Fixed-size arrays throughout, so acting never allocates
//! (the history `Vec` keeps its capacity across `reset`).

mod betting;
mod deal;
pub mod pots;
mod showdown;
pub mod showing;

use std::fmt::Display;
use std::sync::Arc;

use crate::card::{check_distinct, Card, DECK_SIZE};
use crate::error::{Error, Result};
use crate::eval::LowKey;
use crate::event::{Action, ActionSet, Event, EventKind};
use crate::rng::Rng;
use crate::rules::{HeadsUp, Reopen, Rules, MAX_CHIPS};
pub use pots::MAX_SEATS;
use pots::{build_pots, Pot};
use showing::Showing;

/// Where the cards come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckSource {
    /// `[0, 52)` shuffled by the generator seeded with this value.
    Seed(u64),
    /// This exact order, dealt from the front.
    Cards([Card; DECK_SIZE]),
}

/// The starting stacks of a table checked: 2 to 8 players, each stack
/// `1..=MAX_CHIPS` chips. Any integer type, so that a caller's negative or
/// huge stack is reported as it was given.
pub fn check_stacks<T>(stacks: &[T]) -> Result<()>
where
    T: TryInto<u64> + Display + Copy,
{
    if !(2..=MAX_SEATS).contains(&stacks.len()) {
        return Err(Error::InvalidArgument(format!(
            "a hand needs 2 to 8 players, got {}",
            stacks.len()
        )));
    }
    let chips = |s: T| s.try_into().ok().filter(|c| (1..=MAX_CHIPS).contains(c));
    match stacks.iter().position(|&s| chips(s).is_none()) {
        Some(seat) => Err(Error::InvalidArgument(format!(
            "stack of seat {seat} must be 1..{MAX_CHIPS}, got {}",
            stacks[seat]
        ))),
        None => Ok(()),
    }
}

/// `seat` checked against a table of `players`: `0..players`. Any integer
/// type, so that a caller's negative seat is reported as it was given.
pub fn checked_seat<T>(seat: T, players: usize) -> Result<usize>
where
    T: TryInto<usize> + Display + Copy,
{
    match seat.try_into() {
        Ok(s) if s < players => Ok(s),
        _ => Err(Error::InvalidArgument(format!(
            "seat must be 0..{}, got {seat}",
            players - 1
        ))),
    }
}

/// The fixed per-seat arrays of a hand (`Hand::seat_arrays`).
pub(crate) struct SeatArrays<'a> {
    pub starting: &'a [u64; MAX_SEATS],
    pub stacks: &'a [u64; MAX_SEATS],
    pub bets: &'a [u64; MAX_SEATS],
    pub up: &'a [[Card; 4]; MAX_SEATS],
    pub n_up: &'a [u8; MAX_SEATS],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    rules: Rules,
    n: usize,
    /// Every seat at the table, one bit each: fixed with `n`, and read on
    /// every round and wager, so kept rather than worked out each time.
    everyone: u8,
    starting: [u64; MAX_SEATS],
    stack: [u64; MAX_SEATS],
    /// Chips put in on the current round.
    bet: [u64; MAX_SEATS],
    /// Chips put in this hand (antes and bets, less returns).
    contributed: [u64; MAX_SEATS],
    /// Seats in the hand (not folded), one bit per seat.
    live: u8,
    /// Seats with chips behind. Kept up to date as chips move, so "who can
    /// still bet" is a mask test rather than a scan of the stacks.
    has_chips: u8,

    deck: [Card; DECK_SIZE],
    deck_len: usize,
    next_card: usize,
    burns: [Card; 4],
    n_burns: usize,
    rng: Option<Rng>,
    seed: Option<u64>,
    down: [[Card; 3]; MAX_SEATS],
    n_down: [u8; MAX_SEATS],
    up: [[Card; 4]; MAX_SEATS],
    n_up: [u8; MAX_SEATS],
    community: Option<Card>,
    /// Each seat's up cards so far, for the opener of each street.
    showing: [Showing; MAX_SEATS],
    /// Each seat's cards so far (down, up, community), for the showdown.
    keys: [LowKey; MAX_SEATS],
    /// The best showing low at the last deal of up cards, as
    /// `value << 3 | seat` (so ties go to the lowest seat): the opener of
    /// that street, worked out while dealing it.
    best_showing: u64,

    /// 3 to 7 while betting; 0 once the hand is over.
    street: u8,
    bring_in_phase: bool,
    /// The bring-in seat passed its duty on (all-in from the ante) and
    /// `ante_all_in` is `"may_fold"`: the bring-in phase allows a fold.
    bring_in_may_fold: bool,
    high: u64,
    /// Real bets and raises this round (the cap count, ENGINE.md §5).
    wagers: u64,
    /// The high bet right after the last real bet or raise (0 before one):
    /// the "last full level" short all-ins are measured from.
    base: u64,
    /// Whether the wager kind has moved on from COMPLETE (third street).
    opened: bool,
    /// The cap does not hold on this round (`heads_up`).
    uncapped: bool,
    /// `high` is a whole bring-in nobody posted (`short_bring_in="full"`),
    /// so a call that reaches it may still leave an uncalled bet.
    high_unposted: bool,
    level: u64,
    /// Seats that made a voluntary action this round (ENGINE.md §5), and the
    /// level right after it (meaningful only for those seats).
    acted: u8,
    acted_at: [u64; MAX_SEATS],
    /// The seats still to act this round, head first: four bits each,
    /// holding `seat + 1`, the head in the lowest bits; 0 when nobody is to
    /// act. Reading and popping the head is a mask and a shift.
    queue: u32,
    /// The queue of every seat clockwise from each seat `0 … n` (`n`
    /// meaning seat 0 again), fixed with the player count.
    full_queues: [u32; MAX_SEATS + 1],
    last_aggressor: Option<u8>,

    /// Settings read on every wager, worked out once from `rules`.
    /// The rise that makes a real bet or raise: on third and fourth
    /// street, and from fifth street on (reopening after an all-in for less).
    full_rises: [u64; 2],
    /// `Reopen::Half`: wagers go to the last full level plus a bet.
    half: bool,
    /// `HeadsUp::BeforeCap` with a cap: lift it when the action becomes
    /// heads-up before the cap is reached.
    lift_when_heads_up: bool,
    /// `HeadsUp` other than `Capped` with a cap: a round that starts
    /// heads-up is uncapped.
    uncap_heads_up_rounds: bool,

    showdown: [u8; MAX_SEATS],
    n_showdown: usize,
    awarded: [Pot; MAX_SEATS],
    n_awarded: usize,
    all_in_at_end: u8,
    best_shown: Option<crate::eval::Rank>,
    /// Shared with the views taken of the hand (copy on write): a view
    /// costs no copy of the history, and a push copies it only while a
    /// view taken since is still alive.
    history: Arc<Vec<Event>>,
    /// Off in simulation loops, where nobody reads the history.
    record_history: bool,
}

impl Hand {
    /// A new hand: antes posted and third street dealt; then waiting for the
    /// bring-in, or already over if nobody can bet.
    pub fn new(rules: Rules, stacks: &[u64], source: DeckSource) -> Result<Hand> {
        let rules = rules.validated()?;
        check_stacks(stacks)?;
        if let DeckSource::Cards(deck) = &source {
            check_distinct(deck)?;
            if let Some(&c) = deck.iter().find(|&&c| c as usize >= DECK_SIZE) {
                return Err(Error::CardOutOfRange(c.to_string()));
            }
        }
        let mut hand = Hand {
            rules,
            n: stacks.len(),
            everyone: ((1u16 << stacks.len()) - 1) as u8,
            starting: [0; MAX_SEATS],
            stack: [0; MAX_SEATS],
            bet: [0; MAX_SEATS],
            contributed: [0; MAX_SEATS],
            live: 0,
            has_chips: 0,
            deck: [0; DECK_SIZE],
            deck_len: DECK_SIZE,
            next_card: 0,
            burns: [0; 4],
            n_burns: 0,
            rng: None,
            seed: None,
            down: [[0; 3]; MAX_SEATS],
            n_down: [0; MAX_SEATS],
            up: [[0; 4]; MAX_SEATS],
            n_up: [0; MAX_SEATS],
            community: None,
            showing: [Showing::EMPTY; MAX_SEATS],
            keys: [LowKey::EMPTY; MAX_SEATS],
            best_showing: 0,
            street: 3,
            bring_in_phase: false,
            bring_in_may_fold: false,
            high: 0,
            wagers: 0,
            base: 0,
            opened: false,
            uncapped: false,
            high_unposted: false,
            level: 0,
            acted: 0,
            acted_at: [0; MAX_SEATS],
            queue: 0,
            full_queues: std::array::from_fn(|from| {
                let n = stacks.len();
                betting::packed_queue(n, from.min(n), ((1u16 << n) - 1) as u8)
            }),
            last_aggressor: None,
            full_rises: [rules.full_rise(4), rules.full_rise(5)],
            half: rules.reopen == Reopen::Half,
            lift_when_heads_up: rules.heads_up == HeadsUp::BeforeCap && rules.cap.is_some(),
            uncap_heads_up_rounds: rules.heads_up != HeadsUp::Capped && rules.cap.is_some(),
            showdown: [0; MAX_SEATS],
            n_showdown: 0,
            awarded: [Pot::default(); MAX_SEATS],
            n_awarded: 0,
            all_in_at_end: 0,
            best_shown: None,
            history: Arc::new(Vec::with_capacity(96)),
            record_history: true,
        };
        hand.reset(stacks, source);
        Ok(hand)
    }

    /// Starts a new hand in place with the same rules and player count;
    /// keeps the history's capacity, so a simulation loop never allocates.
    pub fn reset(&mut self, stacks: &[u64], source: DeckSource) {
        debug_assert_eq!(stacks.len(), self.n);
        self.starting = [0; MAX_SEATS];
        self.starting[..self.n].copy_from_slice(stacks);
        self.redeal(source);
    }

    /// `reset` with the same starting stacks again (a simulation's every
    /// hand), which then need no copying.
    pub fn redeal(&mut self, source: DeckSource) {
        self.stack = self.starting;
        self.bet = [0; MAX_SEATS];
        self.contributed = [0; MAX_SEATS];
        let everyone = self.everyone();
        self.live = everyone;
        // Stacks are at least one chip (checked by `new`).
        self.has_chips = everyone;
        self.deck_len = DECK_SIZE;
        self.next_card = 0;
        self.n_burns = 0;
        self.community = None;
        self.street = 3;
        self.bring_in_phase = false;
        self.bring_in_may_fold = false;
        self.high = 0;
        self.wagers = 0;
        self.base = 0;
        self.opened = false;
        self.uncapped = false;
        self.level = 0;
        self.acted = 0;
        self.queue = 0;
        self.last_aggressor = None;
        self.n_showdown = 0;
        self.n_awarded = 0;
        self.all_in_at_end = 0;
        self.best_shown = None;
        // With history off it is already empty (`set_record_history`).
        if self.record_history {
            self.clear_history();
        }
        match source {
            DeckSource::Seed(seed) => {
                let mut rng = Rng::new(seed);
                self.deck = std::array::from_fn(|i| i as Card);
                rng.shuffle_deck(&mut self.deck);
                self.rng = Some(rng);
                self.seed = Some(seed);
            }
            DeckSource::Cards(deck) => {
                self.deck = deck;
                self.rng = None;
                self.seed = None;
            }
        }
        self.post_antes();
        let bring_in = self.deal_third_street();
        self.start_third_street(bring_in);
    }

    fn record(&mut self, kind: EventKind, seat: Option<usize>, amount: u64, cards: &[Card]) {
        if self.record_history {
            self.push_event(Event::new(kind, seat, amount, cards));
        }
    }

    fn push_event(&mut self, event: Event) {
        Arc::make_mut(&mut self.history).push(event);
    }

    fn clear_history(&mut self) {
        match Arc::get_mut(&mut self.history) {
            Some(history) => history.clear(),
            // A view still holds it: leave it to the view.
            None => self.history = Arc::new(Vec::with_capacity(96)),
        }
    }

    /// The history as a snapshot a view can keep without a copy.
    pub(crate) fn shared_history(&self) -> Arc<Vec<Event>> {
        Arc::clone(&self.history)
    }

    /// Whether `history` is kept (default on). Simulation loops turn it off.
    pub fn set_record_history(&mut self, on: bool) {
        self.record_history = on;
        if !on {
            self.clear_history();
        }
    }

    /// The best (lowest) rank among the hands shown at showdown, if any.
    pub fn best_shown_rank(&self) -> Option<crate::eval::Rank> {
        self.best_shown
    }

    fn seat_bit(seat: usize) -> u8 {
        1 << seat
    }

    /// Every seat at the table, one bit each.
    fn everyone(&self) -> u8 {
        self.everyone
    }

    fn in_hand(&self, seat: usize) -> bool {
        self.live & Self::seat_bit(seat) != 0
    }

    fn in_hand_mask(&self) -> u8 {
        self.live
    }

    fn in_hand_count(&self) -> usize {
        self.live.count_ones() as usize
    }

    /// Seats in the hand that still have chips behind.
    fn can_bet_mask(&self) -> u8 {
        self.live & self.has_chips
    }

    /// Moves chips from a seat's stack into its bet.
    fn put_in(&mut self, seat: usize, chips: u64) {
        self.stack[seat] -= chips;
        self.bet[seat] += chips;
        self.contributed[seat] += chips;
        if self.stack[seat] == 0 {
            self.has_chips &= !Self::seat_bit(seat);
            if self.lift_when_heads_up {
                self.lift_cap_if_heads_up();
            }
        }
    }

    // ---- the public state ----

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn num_players(&self) -> usize {
        self.n
    }

    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    pub fn is_over(&self) -> bool {
        self.street == 0
    }

    /// 3 to 7 while betting, `None` once the hand is over.
    pub fn street(&self) -> Option<u8> {
        (!self.is_over()).then_some(self.street)
    }

    pub fn actor(&self) -> Option<usize> {
        // The queue is emptied whenever the hand ends.
        (self.queue != 0).then(|| self.head_seat())
    }

    /// The seat at the head of a non-empty queue. The mask changes nothing
    /// (seats are below `MAX_SEATS`) but tells the compiler so, which
    /// drops the bounds checks on every per-seat array the actor touches.
    fn head_seat(&self) -> usize {
        ((self.queue & 0xF) as usize).wrapping_sub(1) & (MAX_SEATS - 1)
    }

    pub fn stacks(&self) -> &[u64] {
        &self.stack[..self.n]
    }

    pub fn starting_stacks(&self) -> &[u64] {
        &self.starting[..self.n]
    }

    pub fn bets(&self) -> &[u64] {
        &self.bet[..self.n]
    }

    /// Every chip in the middle, current bets included.
    pub fn pot(&self) -> u64 {
        if self.is_over() {
            0
        } else {
            self.contributed[..self.n].iter().sum()
        }
    }

    pub fn folded(&self, seat: usize) -> bool {
        !self.in_hand(seat)
    }

    /// In the hand with no chips behind (as it stood before the awards once
    /// the hand is over).
    pub fn all_in(&self, seat: usize) -> bool {
        if self.is_over() {
            self.all_in_at_end & Self::seat_bit(seat) != 0
        } else {
            self.in_hand(seat) && self.stack[seat] == 0
        }
    }

    pub fn up_cards(&self, seat: usize) -> &[Card] {
        &self.up[seat][..self.n_up[seat] as usize]
    }

    pub fn down_cards(&self, seat: usize) -> &[Card] {
        &self.down[seat][..self.n_down[seat] as usize]
    }

    /// Every seat's starting stack, stack and bet this round, and up cards
    /// with their counts, as the fixed arrays the hand keeps (entries past
    /// the players and past each count are unspecified): a view copies these
    /// whole, which is a few vector moves where a copy per seat of the
    /// getters' slices is a `memcpy` call each.
    pub(crate) fn seat_arrays(&self) -> SeatArrays<'_> {
        SeatArrays {
            starting: &self.starting,
            stacks: &self.stack,
            bets: &self.bet,
            up: &self.up,
            n_up: &self.n_up,
        }
    }

    /// `seat`'s down cards as a fixed array and how many are dealt.
    pub(crate) fn down_array(&self, seat: usize) -> (&[Card; 3], u8) {
        (&self.down[seat], self.n_down[seat])
    }

    /// `seat`'s up cards and down cards packed one per byte, in the order
    /// dealt, with 0xFF in every byte past the cards dealt: fixed-width
    /// rows (the `Tables` observations) are written from these without a
    /// copy of variable length per seat.
    pub fn packed_cards(&self, seat: usize) -> (u32, u32) {
        // Indexed by cards dealt (at most four up, three down).
        const UNFILLED: [u32; 8] = [!0, !0 << 8, !0 << 16, !0 << 24, 0, 0, 0, 0];
        debug_assert!(seat < self.n, "seat {seat} of {} players", self.n);
        let seat = seat & (MAX_SEATS - 1);
        let [a, b, c] = self.down[seat];
        (
            u32::from_le_bytes(self.up[seat]) | UNFILLED[usize::from(self.n_up[seat] & 7)],
            u32::from_le_bytes([a, b, c, 0]) | UNFILLED[usize::from(self.n_down[seat] & 7)],
        )
    }

    /// Puts `cards` in `seat`'s down cards in place of those dealt (as many
    /// as were dealt, in the order given), keeping the running key and,
    /// when the history is kept, the seat's own deal events right: the hand
    /// as it would be had the seat been dealt those cards. Local best
    /// response asks a strategy what it would do with each holding the
    /// responder cannot rule out. The cards must be distinct from every
    /// other card of the hand for the result to be a real deal; the deck
    /// still holds the cards dealt, so this is for reading decisions, not
    /// for playing the hand on.
    pub fn set_down_cards(&mut self, seat: usize, cards: &[Card]) -> Result<()> {
        let n = usize::from(self.n_down.get(seat).copied().unwrap_or(0));
        if seat >= self.n || cards.len() != n {
            return Err(Error::InvalidArgument(format!(
                "seat {seat} holds {n} down cards, got {} to put there",
                cards.len()
            )));
        }
        if let Some(&c) = cards.iter().find(|&&c| c as usize >= DECK_SIZE) {
            return Err(Error::CardOutOfRange(c.to_string()));
        }
        let old = self.down[seat];
        self.down[seat][..n].copy_from_slice(cards);
        let mut key = LowKey::EMPTY;
        for &c in self.down_cards(seat).iter().chain(self.up_cards(seat)) {
            key = key.with(c);
        }
        if let Some(c) = self.community {
            key = key.with(c);
        }
        self.keys[seat] = key;
        if self.record_history {
            // The seat's deal-down events, in order, are its down cards.
            let mut k = 0;
            let history = Arc::make_mut(&mut self.history);
            for event in history.iter_mut() {
                if event.kind == EventKind::DealDown && event.seat == Some(seat as u8) {
                    if let Some(pos) = old[..n].iter().position(|&c| event.cards() == [c]) {
                        *event = Event::new(EventKind::DealDown, Some(seat), 0, &[cards[pos]]);
                    }
                    k += 1;
                }
            }
            debug_assert_eq!(k, n);
        }
        Ok(())
    }

    /// A copy of the hand with `cards` as `seat`'s down cards ([`Hand::set_down_cards`]).
    pub fn with_down_cards(&self, seat: usize, cards: &[Card]) -> Result<Hand> {
        let mut hand = self.clone();
        hand.set_down_cards(seat, cards)?;
        Ok(hand)
    }

    /// What `seat` has put in this hand so far (antes and bets, less
    /// returns), while the hand is in play.
    pub fn contributed(&self, seat: usize) -> u64 {
        self.contributed[seat]
    }

    pub fn community_cards(&self) -> &[Card] {
        self.community.as_slice()
    }

    /// Net chips per seat once the hand is over; zeros before.
    pub fn payoffs(&self) -> [i64; MAX_SEATS] {
        let mut out = [0i64; MAX_SEATS];
        if self.is_over() {
            for (s, net) in out.iter_mut().enumerate().take(self.n) {
                *net = self.stack[s] as i64 - self.starting[s] as i64;
            }
        }
        out
    }

    /// The seats that won a share of some pot, one bit each (none before
    /// the end).
    pub fn winners(&self) -> u8 {
        self.awarded[..self.n_awarded]
            .iter()
            .fold(0, |seats, pot| seats | pot.winners)
    }

    pub fn showdown_order(&self) -> &[u8] {
        &self.showdown[..self.n_showdown]
    }

    /// Main pot first, then side pots; with winners once awarded.
    pub fn pots(&self) -> Vec<Pot> {
        if self.is_over() {
            return self.awarded[..self.n_awarded].to_vec();
        }
        let mut pots = [Pot::default(); MAX_SEATS];
        let n = build_pots(&self.contributed[..self.n], self.in_hand_mask(), &mut pots);
        pots[..n].to_vec()
    }

    pub fn history(&self) -> &[Event] {
        &self.history
    }

    /// The chips a call would put in (0 in the bring-in phase or when nobody acts).
    pub fn to_call(&self) -> u64 {
        match self.actor() {
            Some(s) if !self.bring_in_phase => {
                self.high.saturating_sub(self.bet[s]).min(self.stack[s])
            }
            _ => 0,
        }
    }

    /// Whether the actor must post the bring-in or complete.
    pub fn in_bring_in(&self) -> bool {
        // Set only while the bring-in seat is to act: posting or completing
        // clears it, and so does a run-out before any betting.
        self.bring_in_phase
    }

    /// Whether the actor faces a bet (so may fold or call, not check).
    pub fn facing_bet(&self) -> bool {
        self.actor()
            .is_some_and(|s| !self.bring_in_phase && self.high > self.bet[s])
    }

    /// The cards the seat holds so far (down, up and the community card),
    /// as a running key: its rank mask answers "which ranks", and its rank
    /// is the seat's hand once it has seven cards.
    pub fn low_key(&self, seat: usize) -> LowKey {
        self.keys[seat]
    }

    /// The seat's up cards as a showing low (the community card excluded).
    pub fn showing(&self, seat: usize) -> Showing {
        self.showing[seat]
    }

    /// Applies a legal action; an illegal one is an error and changes nothing.
    pub fn act(&mut self, action: Action) -> Result<()> {
        let legal = self.legal_actions();
        if !legal.contains(action) {
            return Err(Error::IllegalAction(self.illegal_message(action, legal)));
        }
        self.apply(action);
        Ok(())
    }

    /// Applies an action taken from `legal_actions()` of this very state,
    /// without checking it again (the simulation loop's fast path). An
    /// action that is not legal leaves the hand in an unspecified state.
    /// Inlined, so that a caller with a fixed action skips the dispatch.
    #[inline(always)]
    pub fn act_legal(&mut self, action: Action) {
        debug_assert!(
            self.legal_actions().contains(action),
            "{action:?} is not legal"
        );
        self.apply(action);
    }

    fn illegal_message(&self, action: Action, legal: ActionSet) -> String {
        match self.actor() {
            None => format!("{} is not legal: the hand is over", action.name()),
            Some(seat) => {
                let names: Vec<&str> = legal.iter().map(Action::name).collect();
                format!(
                    "{} is not legal for seat {seat} now (legal: {})",
                    action.name(),
                    names.join(", ")
                )
            }
        }
    }
}

#[cfg(test)]
mod tests;
