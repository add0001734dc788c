//! Betting rounds: who acts, which actions are legal, what they put in, and
//! what ends a round (docs/ENGINE.md §5–6).

use super::Hand;
use crate::event::{Action, ActionSet, EventKind};
use crate::rules::{AnteAllIn, OpenerTies, ShortBringIn};

/// The seats of `seats` clockwise from `from` (which may be `n`, meaning
/// seat 0), packed as `Hand::queue` is: four bits a seat holding `seat + 1`,
/// the first seat in the lowest bits. (The common queues, every seat or
/// every seat but a bettor, come from `Hand::full_queues` instead.)
pub(super) fn packed_queue(n: usize, from: usize, seats: u8) -> u32 {
    let from = if from == n { 0 } else { from };
    let seats = u32::from(seats);
    let below = (1u32 << from) - 1;
    let (mut queue, mut shift) = (0u32, 0);
    for mut part in [seats & !below, seats & below] {
        while part != 0 {
            queue |= (part.trailing_zeros() + 1) << shift;
            shift += 4;
            part &= part - 1;
        }
    }
    queue
}

/// Whether a seat mask holds at most one seat (cheaper than a popcount,
/// which the portable build lacks).
fn at_most_one(seats: u8) -> bool {
    seats & seats.wrapping_sub(1) == 0
}

/// Whether a seat mask holds at most two seats.
fn at_most_two(seats: u8) -> bool {
    at_most_one(seats & seats.wrapping_sub(1))
}

impl Hand {
    /// Third street: `bring_in`, the highest up card, brings in (the duty
    /// passes clockwise past a seat all-in from the ante); no betting if
    /// fewer than two can bet.
    pub(super) fn start_third_street(&mut self, bring_in: usize) {
        if at_most_one(self.can_bet_mask()) {
            self.run_out();
            return;
        }
        self.bring_in_phase = true;
        // A duty passed on past a seat all-in from the ante may be declined
        // by folding under `ante_all_in="may_fold"` (the bring-in rule).
        self.bring_in_may_fold = self.rules.ante_all_in == AnteAllIn::MayFold
            && self.has_chips & Self::seat_bit(bring_in) == 0;
        self.start_round(bring_in);
    }

    /// Fourth street on: the best showing low opens, ties to the lowest seat.
    fn start_later_street(&mut self) {
        let opener = self.opener();
        self.start_round(opener);
    }

    /// The seat in the hand with the best board (the opener rule), all-in seats
    /// included: the opener of the current street. (Inlined: it runs on
    /// every street of every hand, and `opener_by_suit` is out of line.)
    #[inline(always)]
    pub(super) fn opener(&self) -> usize {
        if self.rules.opener_ties == OpenerTies::Suit {
            return self.opener_by_suit();
        }
        // The deal of fourth to sixth street found the opener among the seats
        // it dealt to. Seventh street shows nothing new, so sixth street's
        // opener opens again, unless it has folded since.
        let mut best = self.best_showing;
        if self.live & Self::seat_bit((best & 7) as usize) == 0 {
            // The seat number in the low bits breaks ties to the lowest seat.
            best = u64::MAX;
            let mut seats = self.live;
            while seats != 0 {
                let s = seats.trailing_zeros();
                best = best.min(self.showing[s as usize].value() << 3 | u64::from(s));
                seats &= seats - 1;
            }
        }
        (best & 7) as usize
    }

    /// `opener_ties="suit"`: among equal boards, the one holding the highest
    /// up card (by card index, so by suit among equal ranks) opens.
    #[cold]
    fn opener_by_suit(&self) -> usize {
        let mut seats = self.live;
        let (mut opener, mut best) = (0, (u64::MAX, 0));
        while seats != 0 {
            let s = seats.trailing_zeros() as usize;
            seats &= seats - 1;
            let highest = self.up_cards(s).iter().max().copied().unwrap_or(0);
            // Smaller is better: the board's value, then the higher card.
            let key = (self.showing[s].value(), u8::MAX - highest);
            if key < best {
                (opener, best) = (s, key);
            }
        }
        opener
    }

    /// The queue starts at `first` (or the next seat clockwise with chips)
    /// and holds every seat in the hand with chips.
    fn start_round(&mut self, first: usize) {
        self.high = 0;
        self.wagers = 0;
        self.base = 0;
        self.opened = false;
        self.high_unposted = false;
        self.level = 0;
        self.acted = 0;
        let can_bet = self.can_bet_mask();
        // A round starts with two or more who can bet: exactly two is heads-up.
        self.uncapped = self.uncap_heads_up_rounds && at_most_two(can_bet);
        self.fill_queue(first, can_bet);
    }

    /// The queue of `seats` clockwise from `from` (`n` meaning seat 0).
    /// Nearly every round queues every seat: a table look-up.
    fn fill_queue(&mut self, from: usize, seats: u8) {
        self.queue = if seats == self.everyone() {
            self.full_queues[from]
        } else {
            packed_queue(self.n, from, seats)
        };
    }

    /// The queue after a wager by `seat`: the seats of `seats` clockwise
    /// after it. Nearly always every other seat, which is the full queue
    /// from the next seat with its last entry, the bettor, cut off.
    fn queue_after_wager(&mut self, seat: usize, seats: u8) {
        self.queue = if seats | Self::seat_bit(seat) == self.everyone() {
            self.full_queues[seat + 1] & ((1 << (4 * (self.n - 1))) - 1)
        } else {
            packed_queue(self.n, seat + 1, seats)
        };
    }

    fn bet_size(&self) -> u64 {
        self.rules.bet_size(self.street)
    }

    /// The rise that makes a real bet or raise on this street.
    fn full_rise(&self) -> u64 {
        self.full_rises[usize::from(self.street > 4)]
    }

    /// The one wager (COMPLETE, BET or RAISE) the actor could make now.
    fn wager_kind(&self) -> Action {
        if self.street == 3 {
            if self.bring_in_phase || (!self.opened && self.high < self.rules.small_bet) {
                Action::Complete
            } else {
                Action::Raise
            }
        } else if self.high == 0 {
            Action::Bet
        } else {
            Action::Raise
        }
    }

    /// The actor's total bet after the wager, cut to all-in.
    fn wager_target(&self, seat: usize) -> u64 {
        let target = if self.half {
            // The last full level plus a bet: over a short all-in of less
            // than half a bet this completes it (reopening after an all-in for less).
            self.base + self.bet_size()
        } else {
            match self.wager_kind() {
                Action::Complete => self.rules.small_bet,
                Action::Bet => self.bet_size(),
                _ => self.high + self.bet_size(),
            }
        };
        target.min(self.stack[seat] + self.bet[seat])
    }

    fn wager_legal(&self, seat: usize) -> bool {
        // Cheapest tests first: most spots fail on the cap or the full-bet rule.
        let capped = match self.rules.cap {
            None => false,
            Some(cap) => self.wagers >= cap && !self.uncapped,
        };
        // The full-bet rule: acting again takes a real bet's rise since then.
        let reopened = self.acted & Self::seat_bit(seat) == 0
            || self.level - self.acted_at[seat] >= self.full_rise();
        if capped || !reopened {
            return false;
        }
        let adds_chips = if self.bring_in_phase {
            self.stack[seat] > self.rules.bring_in && self.rules.small_bet > self.rules.bring_in
        } else {
            self.wager_target(seat) > self.high
        };
        // Someone else in the hand could answer it.
        let mut others = self.live & !Self::seat_bit(seat);
        while adds_chips && others != 0 {
            let s = others.trailing_zeros() as usize & (super::MAX_SEATS - 1);
            if self.stack[s] + self.bet[s] > self.high {
                return true;
            }
            others &= others - 1;
        }
        false
    }

    /// The chips the actor would put in with `action` (legal now): what
    /// `act` moves from its stack, before any uncalled part comes back.
    pub fn chips_for(&self, action: Action) -> u64 {
        let Some(seat) = self.actor() else {
            return 0;
        };
        match action {
            Action::Fold | Action::Check => 0,
            Action::Call => self
                .high
                .saturating_sub(self.bet[seat])
                .min(self.stack[seat]),
            Action::BringIn => self.rules.bring_in.min(self.stack[seat]),
            Action::Complete | Action::Bet | Action::Raise => {
                self.wager_target(seat).saturating_sub(self.bet[seat])
            }
        }
    }

    /// The legal actions, in `Action` order; empty once the hand is over.
    pub fn legal_actions(&self) -> ActionSet {
        let Some(seat) = self.actor() else {
            return ActionSet::default();
        };
        let mut set = 0u8;
        if self.bring_in_phase {
            set |= Action::BringIn.bit();
            if self.bring_in_may_fold {
                set |= Action::Fold.bit();
            }
        } else if self.high > self.bet[seat] {
            set |= Action::Fold.bit() | Action::Call.bit();
        } else {
            set |= Action::Check.bit();
        }
        if self.wager_legal(seat) {
            set |= self.wager_kind().bit();
        }
        ActionSet(set)
    }

    /// Carries out an action already known to be legal.
    #[inline(always)]
    pub(super) fn apply(&mut self, action: Action) {
        let seat = self.head_seat();
        self.queue >>= 4;
        let mut chips = 0;
        match action {
            Action::Fold => {
                self.live &= !Self::seat_bit(seat);
                // A player going all-in (in `put_in`) or folding may leave
                // the action heads-up.
                if self.lift_when_heads_up {
                    self.lift_cap_if_heads_up();
                }
                if at_most_one(self.live) {
                    self.queue = 0;
                }
            }
            Action::Check => self.mark_acted(seat, self.level),
            Action::Call => {
                chips = (self.high - self.bet[seat]).min(self.stack[seat]);
                self.mark_acted(seat, self.level);
            }
            Action::BringIn => {
                chips = self.rules.bring_in.min(self.stack[seat]);
                // What the others face: the posted chips, or after an all-in
                // bring-in for less under `short_bring_in="full"` the whole
                // bring-in (the bring-in rule).
                let faced = if self.rules.short_bring_in == ShortBringIn::Full {
                    self.rules.bring_in
                } else {
                    chips
                };
                self.high = faced;
                self.high_unposted = faced > chips;
                // The level stays 0 under a bring-in, so that completing it
                // counts as a full bet; a bring-in that is already a whole
                // small bet (bring_in == small_bet) cannot be completed: it is
                // the opening bet, its own level, and counts toward the cap.
                if faced >= self.rules.small_bet {
                    self.level = faced;
                    self.base = faced;
                    self.wagers = 1;
                }
                self.bring_in_phase = false;
            }
            Action::Complete | Action::Bet | Action::Raise => {
                let target = self.wager_target(seat);
                chips = target - self.bet[seat];
                // A real bet or raise: the rise from the last full level,
                // with any short all-ins since, is a full one (the cap and reopening).
                if target - self.base >= self.full_rise() {
                    self.wagers += 1;
                    self.base = target;
                    self.opened = true;
                }
                self.opened |= !self.half;
                self.high_unposted = false;
                self.level = target;
                self.mark_acted(seat, target);
                self.bring_in_phase = false;
                if self.street == 7 {
                    self.last_aggressor = Some(seat as u8);
                }
                // Every other seat in the hand with chips, clockwise after
                // the bettor.
                self.queue_after_wager(seat, self.can_bet_mask() & !Self::seat_bit(seat));
            }
        }
        if chips > 0 {
            self.put_in(seat, chips);
            self.high = self.high.max(self.bet[seat]);
        }
        if self.record_history {
            // Checked first, so a loop that keeps no history never maps the
            // action to its event kind.
            self.record(EventKind::of_action(action), Some(seat), chips, &[]);
        }
        // (Only a fold can leave one seat in the hand, and then it emptied
        // the queue: the other actions skip that test.)
        if self.queue == 0 {
            // A round ended by a call of the whole bet has two seats at the
            // top, so no uncalled bet to look for.
            let matched =
                action == Action::Call && self.bet[seat] == self.high && !self.high_unposted;
            self.end_round(matched);
        }
    }

    /// `heads_up="before_cap"`: once at most two players can bet and the
    /// cap has not been reached, the round is uncapped; a round capped
    /// before it became heads-up stays capped (the cap).
    #[cold]
    pub(super) fn lift_cap_if_heads_up(&mut self) {
        let below_cap = self.rules.cap.is_some_and(|cap| self.wagers < cap);
        self.uncapped |= below_cap && at_most_two(self.can_bet_mask());
    }

    fn mark_acted(&mut self, seat: usize, level: u64) {
        self.acted |= Self::seat_bit(seat);
        self.acted_at[seat] = level;
    }

    /// Returns the uncalled bet, collects the bets and moves the hand on:
    /// fold-out, showdown, run-out or the next street. `matched`: the top
    /// bet is known to be called in full.
    #[inline(always)]
    fn end_round(&mut self, matched: bool) {
        // A round checked through has no bets to look at.
        if self.high > 0 && !matched {
            self.return_uncalled_bet();
        }
        self.bet = [0; super::MAX_SEATS];
        self.queue = 0;
        // Everyone may have folded to a bring-in duty (`"may_fold"`).
        self.bring_in_phase = false;
        if at_most_one(self.live) || self.street == 7 {
            // A fold-out, or the last round: show down (if two remain) and award.
            self.finish();
        } else if at_most_one(self.can_bet_mask()) {
            self.run_out();
        } else {
            self.deal_street(self.street + 1);
            self.start_later_street();
        }
    }

    /// The largest bet's excess over the largest of the others goes back
    /// (to the lowest seat among equal largest bets: a tie leaves nothing
    /// uncalled).
    fn return_uncalled_bet(&mut self) {
        let (mut top, mut first, mut second) = (0, 0, 0);
        for (s, &b) in self.bet[..self.n].iter().enumerate() {
            if b > first {
                (top, first, second) = (s, b, first);
            } else if b > second {
                second = b;
            }
        }
        let excess = first - second;
        if excess > 0 {
            self.stack[top] += excess;
            self.contributed[top] -= excess;
            self.has_chips |= Self::seat_bit(top);
            self.record(EventKind::Return, Some(top), excess, &[]);
        }
    }

    /// No more betting: deal every remaining street, then the showdown.
    pub(super) fn run_out(&mut self) {
        self.queue = 0;
        self.bring_in_phase = false;
        for street in self.street + 1..=7 {
            self.deal_street(street);
        }
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::packed_queue;

    #[test]
    fn packed_queues_follow_the_seats_clockwise() {
        for n in 2..=8 {
            for from in 0..=n {
                for seats in 0..(1u16 << n) {
                    let expect: Vec<u32> = (0..n)
                        .map(|i| (from + i) % n)
                        .filter(|&s| seats & 1 << s != 0)
                        .map(|s| s as u32 + 1)
                        .collect();
                    let mut queue = packed_queue(n, from, seats as u8);
                    let mut got = Vec::new();
                    while queue != 0 {
                        got.push(queue & 0xF);
                        queue >>= 4;
                    }
                    assert_eq!(got, expect, "n {n} from {from} seats {seats:b}");
                }
            }
        }
    }
}
