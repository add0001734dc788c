"""``Hand``: one hand of razz as a plain state machine (the reference for the
compiled engine). [The hand engine](ENGINE.md) is the specification; section numbers below
refer to it.

A hand is always in one of two states: waiting for ``actor`` to act, or over.
Everything else (dealing, returning uncalled bets, running out, showdown and
awards) happens inside the constructor or inside ``act``.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from razz_fast._cards import CardsLike, card_to_str
from razz_fast._checks import int_text, rules_type
from razz_fast.errors import IllegalActionError
from razz_fast.events import Action, Event, Pot
from razz_fast.reference.arguments import as_int, check_deck, check_stacks, int_in, seed_value
from razz_fast.reference.generator import Xoshiro256PlusPlus
from razz_fast.reference.rules import Rules
from razz_fast.reference.showdown import award_pots, side_pots
from razz_fast.reference.showing import bring_in_seat, opener_seat

if TYPE_CHECKING:  # (the view imports this module)
    from razz_fast.reference.view import PlayerView

__all__ = ["Hand", "Action"]

# Event kinds of the actions.
_ACTION_KIND = {
    Action.FOLD: "fold",
    Action.CHECK: "check",
    Action.CALL: "call",
    Action.BRING_IN: "bring_in",
    Action.COMPLETE: "complete",
    Action.BET: "bet",
    Action.RAISE: "raise",
}


class Hand:
    """One hand of razz: ``Hand(rules, stacks, *, seed=None, deck=None)``.

    Antes are posted and third street is dealt at construction. ``deck`` is
    an explicit card order (all 52 cards, dealt from the front); otherwise the
    cards come from a generator seeded by ``seed`` (a random seed if None).
    """

    def __init__(
        self,
        rules: Rules,
        stacks: Sequence[int],
        *,
        seed: int | None = None,
        deck: CardsLike | None = None,
    ) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a razz_fast.reference.Rules, not {rules_type(rules)}")
        starting = check_stacks(stacks)
        if seed is not None and deck is not None:
            raise ValueError("give a seed or a deck, not both")
        self._rng: Xoshiro256PlusPlus | None
        self._seed: int | None
        if deck is not None:
            self._deck = check_deck(deck)
            self._rng = None
            self._seed = None
        else:
            if seed is None:
                seed = int.from_bytes(os.urandom(8), "little")
            self._seed = seed_value(seed)
            self._rng = Xoshiro256PlusPlus(self._seed)
            self._deck = list(range(52))
            self._rng.shuffle(self._deck)

        n = len(starting)
        self._rules = rules
        self._n = n
        self._starting = starting
        self._stacks = list(starting)
        self._bets = [0] * n
        self._contributed = [0] * n
        self._folded = [False] * n
        self._down: list[list[int]] = [[] for _ in range(n)]
        self._up: list[list[int]] = [[] for _ in range(n)]
        self._community: list[int] = []
        self._position = 0  # next card of self._deck
        self._burns: list[int] = []
        self._history: list[Event] = []

        # The betting round (section 5).
        self._street: int | None = 3
        self._queue: list[int] = []
        self._bring_in_phase = False
        self._bring_in_may_fold = False
        self._high_bet = 0
        self._wagers = 0  # real bets and raises: the cap count
        self._base = 0  # the high bet after the last real bet or raise
        self._wagered = False  # any completion, bet or raise this round
        self._uncapped = False
        self._acted_at: list[int | None] = [None] * n
        self._last_aggressor: int | None = None

        # The end of the hand (section 7).
        self._over = False
        self._pots: list[Pot] = []
        self._showdown_order: list[int] = []
        self._final_all_in: list[bool] = []

        self._post_antes()
        self._deal_third_street()
        self._start_round()

    # ------------------------------------------------------------------
    # Cards (section 3)

    def _reshuffle_burns(self) -> None:
        """The stub, then the burns in burn order, become the deck, shuffled
        by the generator (an explicit deck keeps that order)."""
        new_deck = self._deck[self._position :] + self._burns
        if self._rng is not None:
            self._rng.shuffle(new_deck)
        self._burns = []
        self._deck = new_deck
        self._position = 0
        self._history.append(Event("reshuffle", None, 0, tuple(new_deck)))

    def _next_card(self) -> int:
        card = self._deck[self._position]
        self._position += 1
        return card

    def _cards_left(self) -> int:
        return len(self._deck) - self._position

    def _deal_down(self, seat: int) -> None:
        card = self._next_card()
        self._down[seat].append(card)
        self._history.append(Event("deal_down", seat, 0, (card,)))

    def _deal_up(self, seat: int) -> None:
        card = self._next_card()
        self._up[seat].append(card)
        self._history.append(Event("deal_up", seat, 0, (card,)))

    def _burn(self) -> None:
        if self._rules.burn_cards:
            card = self._next_card()
            self._burns.append(card)
            self._history.append(Event("burn", None, 0, (card,)))

    def _deal_third_street(self) -> None:
        for seat in range(self._n):
            self._deal_down(seat)
        for seat in range(self._n):
            self._deal_down(seat)
        for seat in range(self._n):
            self._deal_up(seat)

    def _deal_next_street(self) -> None:
        """Moves to the next street and deals it (burn first if enabled)."""
        self._street = self._betting_street() + 1
        seats = self._seats_in_hand()
        # Seventh street with burns: the stub must give the burn, a card to
        # each player and a bottom card, or the burns are gathered back in
        # first (seventh street, burns and the short deck).
        needed = len(seats) + 2 if self._rules.burn_cards else len(seats)
        if self._street == 7 and self._rules.burn_cards and self._cards_left() < needed:
            self._reshuffle_burns()
        enough = self._cards_left() >= needed
        self._burn()
        if self._street < 7:
            for seat in seats:
                self._deal_up(seat)
        elif enough:
            for seat in seats:
                self._deal_down(seat)
        else:
            card = self._next_card()
            self._community.append(card)
            self._history.append(Event("community", None, 0, (card,)))

    # ------------------------------------------------------------------
    # Helpers

    def _betting_street(self) -> int:
        """The street being played: only a finished hand has none."""
        if self._street is None:
            raise RuntimeError("internal error: the hand is over, so no street is played")
        return self._street

    def _seats_in_hand(self) -> list[int]:
        return [seat for seat in range(self._n) if not self._folded[seat]]

    def _can_bet(self, seat: int) -> bool:
        """In the hand and with chips behind."""
        return not self._folded[seat] and self._stacks[seat] > 0

    def _clockwise_from(self, first: int) -> list[int]:
        return [(first + k) % self._n for k in range(self._n)]

    def _bet_size(self) -> int:
        return self._rules.small_bet if self._betting_street() <= 4 else self._rules.big_bet

    def _full_rise(self) -> int:
        """The rise that makes a real bet or raise
        ([reopen](RULES.md#reopen-default-full-all-in-wagers-for-less)): a whole
        bet, or with ``reopen="half"`` half of one, rounded up."""
        size = self._bet_size()
        return size if self._rules.reopen == "full" else (size + 1) // 2

    def _high(self) -> int:
        return self._high_bet

    def _level(self) -> int:
        # Before any wager the bring-in stands at level 0, so that completing
        # it counts as a full bet; a bring-in that is already a whole small
        # bet (bring_in == small_bet) cannot be completed and is its own level.
        high = self._high()
        return high if self._wagered or high >= self._rules.small_bet else 0

    def _put_in(self, seat: int, amount: int) -> None:
        self._stacks[seat] -= amount
        self._bets[seat] += amount
        self._contributed[seat] += amount
        self._high_bet = max(self._high_bet, self._bets[seat])

    def _can_bet_count(self) -> int:
        return sum(1 for seat in range(self._n) if self._can_bet(seat))

    # ------------------------------------------------------------------
    # Antes and rounds (sections 4 to 6)

    def _post_antes(self) -> None:
        ante = self._rules.ante
        if ante == 0:
            return
        for seat in range(self._n):
            amount = min(ante, self._stacks[seat])
            self._stacks[seat] -= amount
            self._contributed[seat] += amount
            self._history.append(Event("ante", seat, amount, ()))

    def _start_round(self) -> None:
        """Starts the betting round of the current street, or runs the hand
        out if at most one player in the hand has chips."""
        self._bets = [0] * self._n
        self._high_bet = 0
        self._wagers = 0
        self._base = 0
        self._wagered = False
        self._acted_at = [None] * self._n
        self._last_aggressor = None
        if self._can_bet_count() < 2:
            self._run_out()
            return
        # heads_up: a round that starts with two who can bet is uncapped
        # ("before_cap" too: it is heads-up before any wager).
        self._uncapped = self._rules.heads_up != "capped" and self._can_bet_count() == 2
        if self._street == 3:
            first = bring_in_seat(self._up)
            self._bring_in_phase = True
            # A duty passed on past a seat all-in from the ante.
            passed = self._stacks[first] == 0
            self._bring_in_may_fold = passed and self._rules.ante_all_in == "may_fold"
        else:
            first = self._opener()
        self._queue = [seat for seat in self._clockwise_from(first) if self._can_bet(seat)]

    def _opener(self) -> int:
        in_hand = [not folded for folded in self._folded]
        return opener_seat(self._up, in_hand, by_suit=self._rules.opener_ties == "suit")

    def _end_round(self) -> None:
        self._queue = []
        self._bring_in_phase = False
        # The uncalled part of the largest bet goes back (section 6, step 1).
        ordered = sorted(self._bets)
        highest, second = ordered[-1], ordered[-2]
        if highest > second:
            seat = self._bets.index(highest)
            excess = highest - second
            self._stacks[seat] += excess
            self._bets[seat] -= excess
            self._contributed[seat] -= excess
            self._history.append(Event("return", seat, excess, ()))
        self._bets = [0] * self._n
        if len(self._seats_in_hand()) == 1 or self._street == 7:
            self._finish()
        else:
            self._deal_next_street()
            self._start_round()

    def _run_out(self) -> None:
        self._queue = []
        self._bring_in_phase = False
        while self._betting_street() < 7:
            self._deal_next_street()
        self._finish()

    # ------------------------------------------------------------------
    # Legal actions (section 5)

    def _wager_kind(self) -> Action:
        if self._street == 3:
            if self._bring_in_phase:
                return Action.COMPLETE
            # Under "half" a short all-in of less than half a bet leaves the
            # completion to the full level open (reopening after an all-in for less).
            opened = self._wagers > 0 if self._rules.reopen == "half" else self._wagered
            if not opened and self._high() < self._rules.small_bet:
                return Action.COMPLETE
            return Action.RAISE
        return Action.BET if self._high() == 0 else Action.RAISE

    def _wager_target(self, kind: Action, actor: int) -> int:
        if self._rules.reopen == "half":
            # The last full level plus a bet.
            target = self._base + self._bet_size()
        elif kind == Action.COMPLETE:
            target = self._rules.small_bet
        elif kind == Action.BET:
            target = self._bet_size()
        else:
            target = self._high() + self._bet_size()
        return min(target, self._stacks[actor] + self._bets[actor])

    def _wager_legal(self) -> bool:
        actor = self._queue[0]
        rules = self._rules
        high = self._high()
        # 1. It must put in more than a call (or than the bring-in).
        if self._bring_in_phase:
            if not (self._stacks[actor] > rules.bring_in and rules.small_bet > rules.bring_in):
                return False
        elif self._wager_target(self._wager_kind(), actor) <= high:
            return False
        # 2. Someone else must be able to answer it.
        if not any(
            self._stacks[seat] + self._bets[seat] > high
            for seat in self._seats_in_hand()
            if seat != actor
        ):
            return False
        # 3. The cap.
        if rules.cap is not None and not self._uncapped and self._wagers >= rules.cap:
            return False
        # 4. The full-bet rule: acting again takes a real bet's rise since.
        acted_at = self._acted_at[actor]
        return acted_at is None or self._level() - acted_at >= self._full_rise()

    def legal_actions(self) -> list[Action]:
        """The actions the actor may take now, in ``Action`` order."""
        if self._over:
            return []
        legal: list[Action] = []
        if self._bring_in_phase:
            legal.append(Action.BRING_IN)
            if self._bring_in_may_fold:
                legal.append(Action.FOLD)
        else:
            actor = self._queue[0]
            owed = self._high() - self._bets[actor]
            if owed > 0:
                legal += [Action.FOLD, Action.CALL]
            else:
                legal.append(Action.CHECK)
        if self._wager_legal():
            legal.append(self._wager_kind())
        return sorted(legal)

    # ------------------------------------------------------------------
    # Acting

    def act(self, action: int) -> None:
        """Takes ``action`` (an ``Action`` or its int value) for the actor.

        Raises ``IllegalActionError`` (and changes nothing) if it is not legal.
        """
        number = as_int(action)
        if number is None:
            raise TypeError(f"action must be an Action, not {type(action).__name__}")
        try:
            action = Action(number)
        except ValueError:
            raise IllegalActionError(f"{int_text(number)} is not an Action") from None
        legal = self.legal_actions()
        if action not in legal:
            if self._over:
                raise IllegalActionError(f"{action.name} is not legal: the hand is over")
            names = ", ".join(a.name for a in legal)
            raise IllegalActionError(
                f"{action.name} is not legal for seat {self._queue[0]}; legal: {names}"
            )

        actor = self._queue.pop(0)
        amount = 0
        if action == Action.FOLD:
            self._folded[actor] = True
        elif action == Action.CHECK:
            self._acted_at[actor] = self._level()
        elif action == Action.CALL:
            amount = min(self._high() - self._bets[actor], self._stacks[actor])
            self._put_in(actor, amount)
            self._acted_at[actor] = self._level()
        elif action == Action.BRING_IN:
            rules = self._rules
            amount = min(rules.bring_in, self._stacks[actor])
            self._put_in(actor, amount)
            # short_bring_in="full": the others face the whole bring-in.
            if rules.short_bring_in == "full":
                self._high_bet = rules.bring_in
            if self._high_bet >= rules.small_bet:
                # A whole small bet is the opening bet (the cap).
                self._wagers = 1
                self._base = self._high_bet
            self._bring_in_phase = False
        else:  # COMPLETE, BET, RAISE
            target = self._wager_target(action, actor)
            amount = target - self._bets[actor]
            self._put_in(actor, amount)
            # A real bet or raise: the rise from the last full level (short
            # all-ins since included) is a full one (the cap and reopening).
            if target - self._base >= self._full_rise():
                self._wagers += 1
                self._base = target
            self._wagered = True
            self._acted_at[actor] = target
            self._bring_in_phase = False
            if self._street == 7:
                self._last_aggressor = actor
            self._queue = [seat for seat in self._clockwise_from(actor)[1:] if self._can_bet(seat)]
        self._history.append(Event(_ACTION_KIND[action], actor, amount, ()))
        # Heads-up before the cap was reached lifts it; a round capped
        # before it became heads-up stays capped (the cap).
        if (
            self._rules.heads_up == "before_cap"
            and self._rules.cap is not None
            and self._wagers < self._rules.cap
            and self._can_bet_count() <= 2
        ):
            self._uncapped = True

        if len(self._seats_in_hand()) == 1 or not self._queue:
            self._end_round()

    def fold(self) -> None:
        """The actor folds: act(Action.FOLD). IllegalActionError if it may not; the
        hand is then unchanged."""
        self.act(Action.FOLD)

    def check(self) -> None:
        """The actor checks: act(Action.CHECK). IllegalActionError if it may not; the
        hand is then unchanged."""
        self.act(Action.CHECK)

    def call(self) -> None:
        """The actor calls: act(Action.CALL). IllegalActionError if it may not; the
        hand is then unchanged."""
        self.act(Action.CALL)

    def bring_in(self) -> None:
        """The actor posts the bring-in: act(Action.BRING_IN). IllegalActionError if
        it may not; the hand is then unchanged."""
        self.act(Action.BRING_IN)

    def complete(self) -> None:
        """The actor completes the bring-in to a small bet: act(Action.COMPLETE).
        IllegalActionError if it may not; the hand is then unchanged."""
        self.act(Action.COMPLETE)

    def bet(self) -> None:
        """The actor bets: act(Action.BET). IllegalActionError if it may not; the
        hand is then unchanged."""
        self.act(Action.BET)

    def raise_(self) -> None:
        """The actor raises (raise is a Python keyword): act(Action.RAISE).
        IllegalActionError if it may not; the hand is then unchanged."""
        self.act(Action.RAISE)

    # ------------------------------------------------------------------
    # Showdown and awards (section 7; the pots in showdown.py)

    def _finish(self) -> None:
        self._queue = []
        self._bring_in_phase = False
        self._final_all_in = [
            not self._folded[seat] and self._stacks[seat] == 0 for seat in range(self._n)
        ]
        in_hand = self._seats_in_hand()
        if len(in_hand) >= 2:
            if self._last_aggressor is not None:
                first = self._last_aggressor
            elif self._rules.showdown == "opener":
                first = self._opener()
            else:
                first = in_hand[0]
            self._showdown_order = [
                seat for seat in self._clockwise_from(first) if not self._folded[seat]
            ]
            for seat in self._showdown_order:
                self._history.append(Event("show", seat, 0, tuple(self._down[seat])))
        own = [self._down[seat] + self._up[seat] for seat in range(self._n)]
        pots = side_pots(self._contributed, self._folded)
        self._pots = []
        for pot, won in award_pots(pots, in_hand, own, self._community, self._rules.odd_chip):
            for seat, amount in won.items():
                self._stacks[seat] += amount
                self._history.append(Event("award", seat, amount, ()))
            self._pots.append(pot)
        self._contributed = [0] * self._n
        self._bets = [0] * self._n
        self._street = None
        self._over = True

    # ------------------------------------------------------------------
    # State

    @property
    def rules(self) -> Rules:
        """The Rules the hand is played under."""
        return self._rules

    @property
    def num_players(self) -> int:
        """How many seats are dealt in, 2 to 8."""
        return self._n

    @property
    def starting_stacks(self) -> list[int]:
        """Each seat's stack before the antes."""
        return list(self._starting)

    @property
    def seed(self) -> int | None:
        """The seed of the deck's generator; None for an explicit deck."""
        return self._seed

    @property
    def street(self) -> int | None:
        """3 to 7 while betting; None once the hand is over."""
        return self._street

    @property
    def actor(self) -> int | None:
        """The seat to act now; None once the hand is over."""
        return None if self._over else self._queue[0]

    @property
    def to_call(self) -> int:
        """Chips a call puts in now (all-in for less if the stack is short)."""
        if self._over or self._bring_in_phase:
            return 0
        actor = self._queue[0]
        return min(self._high() - self._bets[actor], self._stacks[actor])

    @property
    def stacks(self) -> list[int]:
        """Each seat's chips behind, now."""
        return list(self._stacks)

    @property
    def bets(self) -> list[int]:
        """Each seat's chips put in on the current betting round."""
        return list(self._bets)

    @property
    def pot(self) -> int:
        """Every chip put in this hand so far: antes and bets, less chips returned."""
        return sum(self._contributed)

    @property
    def folded(self) -> list[bool]:
        """Whether each seat has folded."""
        return list(self._folded)

    @property
    def all_in(self) -> list[bool]:
        """Whether each seat still in the hand has no chips behind."""
        if self._over:
            return list(self._final_all_in)
        return [not self._folded[seat] and self._stacks[seat] == 0 for seat in range(self._n)]

    def _check_seat(self, seat: object) -> int:
        return int_in(seat, "seat", 0, self._n - 1)

    def up_cards(self, seat: int) -> list[int]:
        """The face-up cards dealt to `seat` so far, in the order dealt."""
        return list(self._up[self._check_seat(seat)])

    def down_cards(self, seat: int) -> list[int]:
        """The face-down cards dealt to `seat` so far, in the order dealt (the engine
        sees every card: hide them from a player's view yourself)."""
        return list(self._down[self._check_seat(seat)])

    @property
    def community_cards(self) -> list[int]:
        """The seventh-street card dealt face up for every seat when the deck cannot
        give each its own; usually empty."""
        return list(self._community)

    @property
    def is_over(self) -> bool:
        """Whether the hand has finished, by a fold-out or a showdown."""
        return self._over

    @property
    def payoffs(self) -> list[int]:
        """Net chips per seat once the hand is over (all zeros before)."""
        if not self._over:
            return [0] * self._n
        return [self._stacks[seat] - self._starting[seat] for seat in range(self._n)]

    @property
    def showdown_order(self) -> list[int]:
        """The seats that showed their cards, in the order they showed; empty without
        a showdown."""
        return list(self._showdown_order)

    @property
    def pots(self) -> list[Pot]:
        """The main pot first, then the side pots, as razz_fast.Pot tuples (amount,
        eligible seats, winners)."""
        if self._over:
            return list(self._pots)
        pots = side_pots(self._contributed, self._folded)
        return [Pot(amount, eligible, ()) for amount, eligible in pots]

    @property
    def history(self) -> list[Event]:
        """Every event so far (antes, cards dealt, actions, pots won), as
        razz_fast.Event tuples."""
        return list(self._history)

    def clone(self) -> Hand:
        """An independent copy of the hand (generator state included)."""
        return copy.deepcopy(self)

    def view(self, seat: int | None = None) -> PlayerView:
        """What one seat may know (default: the actor), as a ``PlayerView``."""
        from razz_fast.reference.view import PlayerView

        if seat is None:
            if self.actor is None:
                raise ValueError("the hand is over, so it has no actor: give a seat")
            return PlayerView(self, self.actor)
        return PlayerView(self, self._check_seat(seat))

    def __repr__(self) -> str:
        if self._over:
            return f"<Hand over players={self._n} payoffs={self.payoffs}>"
        up = " | ".join(" ".join(card_to_str(c) for c in self._up[s]) for s in range(self._n))
        return (
            f"<Hand players={self._n} street={self._street} actor={self.actor}"
            f" pot={self.pot} up=[{up}]>"
        )
