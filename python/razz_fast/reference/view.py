"""``PlayerView``: what one seat of a hand may know
([bots](TABLES.md#playerview-what-one-seat-may-know)), in
plain Python; the compiled core's ``PlayerView`` gives the same answers.

A view copies the hand's public state and the seat's own down cards. Its
history keeps every event, with the cards of the ones the seat did not see
(others' down cards, burns, the reshuffled burns) left out.
``determinize(seed)`` rebuilds a hand from the view alone: the seen cards
where they were dealt, every unseen one drawn from a shuffle of the unseen
cards, and the same actions replayed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from razz_fast.events import Action, Event
from razz_fast.reference.arguments import int_in, seed_value
from razz_fast.reference.features import features_of
from razz_fast.reference.generator import Xoshiro256PlusPlus
from razz_fast.reference.rules import Rules

if TYPE_CHECKING:  # (the hand imports this module; numpy only where used)
    import numpy as np
    import numpy.typing as npt

    from razz_fast.reference.hand import Hand

__all__ = ["PlayerView"]

_ACTIONS = {
    "bring_in": Action.BRING_IN,
    "complete": Action.COMPLETE,
    "bet": Action.BET,
    "raise": Action.RAISE,
    "call": Action.CALL,
    "check": Action.CHECK,
    "fold": Action.FOLD,
}
_DEALS = ("deal_down", "deal_up", "burn", "community")


def _seen_by(event: Event, seat: int) -> bool:
    if event.kind == "deal_down":
        return event.seat == seat
    return event.kind not in ("burn", "reshuffle")


class PlayerView:
    """What seat ``seat`` of ``hand`` may know; made by ``Hand.view``."""

    def __init__(self, hand: Hand, seat: int) -> None:
        n = hand.num_players
        self._seat = seat
        self._n = n
        self._rules = hand.rules
        self._starting = hand.starting_stacks
        self._stacks = hand.stacks
        self._bets = hand.bets
        self._pot = hand.pot
        self._folded = hand.folded
        self._all_in = hand.all_in
        self._street = hand.street
        self._actor = hand.actor
        self._legal = hand.legal_actions()
        self._to_call = hand.to_call
        self._down = hand.down_cards(seat)
        self._up = [hand.up_cards(s) for s in range(n)]
        self._community = hand.community_cards
        self._payoffs = hand.payoffs
        self._history = [
            e if _seen_by(e, seat) else Event(e.kind, e.seat, e.amount, ()) for e in hand.history
        ]

    def _key(self) -> tuple[object, ...]:
        return (
            self._seat, self._n, self._rules, self._starting, self._stacks, self._bets,
            self._pot, self._folded, self._all_in, self._street, self._actor, self._legal,
            self._to_call, self._down, self._up, self._community, self._payoffs, self._history,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return self._key() == other._key()

    # Unhashable, as the core's view. mypy reads any __hash__ = None as
    # breaking object's signature; typeshed writes it with this same ignore.
    __hash__ = None  # type: ignore[assignment]

    @property
    def seat(self) -> int:
        """The seat whose view this is."""
        return self._seat

    @property
    def num_players(self) -> int:
        """How many seats are dealt in, 2 to 8."""
        return self._n

    @property
    def rules(self) -> Rules:
        """The Rules the hand is played under."""
        return self._rules

    @property
    def street(self) -> int | None:
        """3 to 7 while betting, None once the hand is over."""
        return self._street

    @property
    def actor(self) -> int | None:
        """The seat to act now; None once the hand is over."""
        return self._actor

    @property
    def is_over(self) -> bool:
        """Whether the hand has finished, by a fold-out or a showdown."""
        return self._street is None

    @property
    def to_call(self) -> int:
        """Chips the actor needs to call."""
        return self._to_call

    @property
    def pot(self) -> int:
        """Every chip put in this hand so far: antes and bets, less chips returned."""
        return self._pot

    @property
    def stacks(self) -> list[int]:
        """Each seat's chips behind, now."""
        return list(self._stacks)

    @property
    def starting_stacks(self) -> list[int]:
        """Each seat's stack before the antes."""
        return list(self._starting)

    @property
    def bets(self) -> list[int]:
        """Each seat's chips put in on the current betting round."""
        return list(self._bets)

    @property
    def folded(self) -> list[bool]:
        """Whether each seat has folded."""
        return list(self._folded)

    @property
    def all_in(self) -> list[bool]:
        """Whether each seat still in the hand has no chips behind."""
        return list(self._all_in)

    @property
    def community_cards(self) -> list[int]:
        """The seventh-street card dealt face up for every seat when the deck cannot
        give each its own; usually empty."""
        return list(self._community)

    @property
    def payoffs(self) -> list[int]:
        """Net chips per seat once the hand is over; zeros before."""
        return list(self._payoffs)

    @property
    def history(self) -> list[Event]:
        """The history as `Event`s; cards the seat has not seen are left out (an
        empty `cards`)."""
        return list(self._history)

    def legal_actions(self) -> list[Action]:
        """The Actions the actor may take now, in Action order; empty once the hand
        is over."""
        return list(self._legal)

    def _check_seat(self, seat: object) -> int:
        return int_in(seat, "seat", 0, self._n - 1)

    def up_cards(self, seat: int) -> list[int]:
        """The face-up cards dealt to `seat` so far, in the order dealt."""
        return list(self._up[self._check_seat(seat)])

    def down_cards(self, seat: int) -> list[int]:
        """Own down cards; another seat's once it showed them, else []."""
        seat = self._check_seat(seat)
        if seat == self._seat:
            return list(self._down)
        for event in reversed(self._history):
            if event.kind == "show" and event.seat == seat:
                return list(event.cards)
        return []

    def features(self) -> npt.NDArray[np.float32]:
        """The view encoded for neural networks, a float32 array (FEATURES,):
        what `Tables.features()` gives a table's row (layout in
        [bots](TABLES.md)), with this seat in the actor's place; its legal
        actions and to_call are its own (none and 0 unless it is to act).
        The actor's view gives its table's row exactly."""
        import numpy as np

        to_act = self._actor == self._seat
        # A table's row: each seat's seven slots (two down cards, four up,
        # the seventh-street down card), only the seat's own down cards.
        cards = [[-1, -1, *up, *[-1] * (4 - len(up)), -1] for up in self._up]
        for i, card in enumerate(self._down):
            cards[self._seat][i if i < 2 else 6] = card
        row = {
            "actor": self._seat,
            "street": self._street or 0,
            "to_call": self._to_call if to_act else 0,
            "pot": self._pot,
            "legal": [to_act and action in self._legal for action in Action],
            "stacks": self._stacks,
            "bets": self._bets,
            "folded": self._folded,
            "all_in": self._all_in,
            "cards": cards,
            "community": self._community[0] if self._community else -1,
        }
        return np.array(features_of(row, self._rules.big_bet), dtype=np.float32)

    def determinize(self, seed: int) -> Hand:
        """A ``Hand`` consistent with the view, its unseen cards dealt from a
        shuffle of the unseen cards by the generator seeded with ``seed``."""
        from razz_fast.reference.hand import Hand

        seed = seed_value(seed, kind="an int")  # (None is no seed here)
        # Every card taken from the deck, in dealing order: [seat, card or None].
        takes: list[list[int | None]] = []
        burns: list[int] = []
        reshuffled_at: int | None = None
        actions: list[Action] = []
        for event in self._history:
            if event.kind in _DEALS:
                if event.kind == "burn" and reshuffled_at is None:
                    burns.append(len(takes))
                seat = event.seat if event.kind == "deal_down" else None
                takes.append([seat, event.cards[0] if event.cards else None])
            elif event.kind == "reshuffle":
                reshuffled_at = len(takes)
            elif event.kind == "show":
                shown = iter(event.cards)
                for take in takes:
                    if take[0] is not None and take[0] == event.seat:
                        card = next(shown, None)
                        if card is not None:
                            take[1] = card
            elif event.kind in _ACTIONS:
                actions.append(_ACTIONS[event.kind])
        first_pass = len(takes) if reshuffled_at is None else reshuffled_at
        deck: list[int | None] = [None] * 52
        for i, (_, card) in enumerate(takes[:first_pass]):
            deck[i] = card
        # After a reshuffle (seventh street with burns) an explicit deck deals
        # its stub, then its burns in burn order.
        slots = list(range(first_pass, 52)) + burns
        for (_, card), slot in zip(takes[first_pass:], slots):
            if card is not None:
                deck[slot] = card
        seen = {card for card in deck if card is not None}
        unseen = [card for card in range(52) if card not in seen]
        Xoshiro256PlusPlus(seed).shuffle(unseen)
        fill = iter(unseen)
        cards = [card if card is not None else next(fill) for card in deck]
        hand = Hand(self._rules, self._starting, deck=cards)
        for action in actions:
            hand.act(action)
        return hand

    def __repr__(self) -> str:
        street = "over" if self._street is None else self._street
        return (
            f"<PlayerView seat {self._seat} of {self._n}, street {street},"
            f" actor {self._actor}, pot {self._pot}>"
        )
