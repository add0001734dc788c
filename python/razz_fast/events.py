"""Plain data types of the hand engine, shared by the compiled core and the
pure-Python reference (like ``razz_fast.errors``): ``Action``, ``Event`` and
``Pot``. [The hand engine](ENGINE.md) defines what each one records.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

__all__ = ["Action", "Event", "Pot", "EVENT_KINDS"]


class Action(enum.IntEnum):
    """A player's decision. No action takes an amount: the limit structure
    fixes it."""

    FOLD = 0
    """Give up the hand and every chip already in the pot."""
    CHECK = 1
    """Bet nothing, when nothing is owed."""
    CALL = 2
    """Match the current wager (all-in for less when the stack is short)."""
    BRING_IN = 3
    """The forced opening wager of third street, for the bring-in amount, by the
    player the rules name (the highest up card in razz)."""
    COMPLETE = 4
    """Raise the bring-in to a full small bet on third street."""
    BET = 5
    """The first wager of a round from fourth street on."""
    RAISE = 6
    """One more bet on top of the current one, up to the cap."""


#: Every ``Event.kind``, in the rough order they occur in a hand.
EVENT_KINDS = (
    "ante",
    "deal_down",
    "deal_up",
    "burn",
    "reshuffle",
    "community",
    "bring_in",
    "complete",
    "bet",
    "raise",
    "call",
    "check",
    "fold",
    "return",
    "show",
    "award",
)


class Event(NamedTuple):
    """One entry of ``Hand.history``.

    ``kind`` is one of ``EVENT_KINDS``; ``seat`` is the player concerned
    (``None`` for burns, reshuffles and the community card); ``amount`` is
    the chips moved (0 if none; for actions, the chips taken from the stack,
    not the raise-to total); ``cards`` the cards concerned (``()`` if none).
    """

    kind: str
    """What happened: one of ``EVENT_KINDS`` (``'ante'``, ``'deal_up'``, ``'raise'``, ...)."""
    seat: int | None
    """The seat concerned, or None for burns, reshuffles and the community card."""
    amount: int
    """Chips moved (0 if none); for an action, the chips taken from the stack, not the
    raise-to total."""
    cards: tuple[int, ...]
    """The cards concerned (card indices 0..51), ``()`` if none."""


class Pot(NamedTuple):
    """A main or side pot: its chips, the seats that may win it (not folded,
    contributed to it; seat order) and, once awarded, the seats that won a
    share (seat order; empty until then)."""

    amount: int
    """The chips in this pot."""
    eligible: tuple[int, ...]
    """The seats that may win it (not folded, contributed to it), in seat order."""
    winners: tuple[int, ...]
    """The seats that won a share once it is awarded (seat order); empty until then."""
