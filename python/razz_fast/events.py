"""Plain data types of the hand engine, shared by the compiled core and the
pure-Python reference (like ``razz_fast.errors``): ``Action``, ``Event`` and
``Pot``. docs/ENGINE.md defines what each one records.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

__all__ = ["Action", "Event", "Pot", "EVENT_KINDS"]


class Action(enum.IntEnum):
    """A player's decision. No action takes an amount: the limit structure
    fixes it."""

    FOLD = 0
    CHECK = 1
    CALL = 2
    BRING_IN = 3
    COMPLETE = 4
    BET = 5
    RAISE = 6


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
    seat: int | None
    amount: int
    cards: tuple[int, ...]


class Pot(NamedTuple):
    """A main or side pot: its chips, the seats that may win it (not folded,
    contributed to it; seat order) and, once awarded, the seats that won a
    share (seat order; empty until then)."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
