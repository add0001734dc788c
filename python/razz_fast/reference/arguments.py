"""Argument checks of the reference: those the ``Hand``, ``simulate``,
``equity`` and the others share, and the hand's own (stacks, seed, deck)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from razz_fast._cards import CardsLike, parse_cards
from razz_fast._checks import as_int, int_text, per_seat
from razz_fast.errors import InvalidCardError
from razz_fast.reference.generator import MASK64

if TYPE_CHECKING:  # typing has it from Python 3.10; only the type checker reads it
    pass

__all__ = [
    "MAX_CHIPS",
    "MAX_COUNT",
    "MAX_THREADS",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "as_int",
    "is_int",
    "int_in",
    "per_seat",
    "check_seed",
    "seed_value",
    "check_threads",
    "check_stacks",
    "check_deck",
]

#: The largest stack or stake accepted, so that every sum of chips fits in
#: 64 bits in the compiled core.
MAX_CHIPS = 2**53 - 1
#: The players a hand seats.
MIN_PLAYERS = 2
MAX_PLAYERS = 8

#: The same bound as the core: each thread is a real OS thread.
MAX_THREADS = 1024
#: The same bound as the core on hands and trials (a signed 64-bit count).
MAX_COUNT = 2**63 - 1


def is_int(value: object) -> bool:
    """An integer by ``as_int``'s rule."""
    return as_int(value) is not None


def int_in(
    value: object, name: str, low: int, high: int, *, high_text: str = "", kind: str = "an int"
) -> int:
    """``value`` as an int ``low..high`` (``high_text`` names ``high`` in the
    message if given); a TypeError saying ``name`` must be ``kind`` if it is
    not an integer, a ValueError if it is out of range."""
    number = as_int(value)
    if number is None:
        raise TypeError(f"{name} must be {kind}, not {type(value).__name__}")
    if not low <= number <= high:
        raise ValueError(f"{name} must be in {low}..{high_text or high}, got {int_text(number)}")
    return number


def seed_value(seed: object, kind: str = "an int or None") -> int:
    """An int 0..2**64-1. The messages say None is allowed too (callers
    that take None replace it first), unless ``kind`` says otherwise."""
    return int_in(seed, "seed", 0, MASK64, high_text="2**64-1", kind=kind)


def check_seed(seed: object) -> int | None:
    """``None`` or an int 0..2**64-1."""
    return None if seed is None else seed_value(seed)


def check_threads(threads: object) -> None:
    """``None`` or an int 1..MAX_THREADS (threads never change a result)."""
    if threads is not None:
        int_in(threads, "threads", 1, MAX_THREADS, kind="an int or None")


def check_stacks(stacks: Iterable[object]) -> list[int]:
    """A hand's starting stacks: one int 1..MAX_CHIPS per seat, 2 to 8 seats."""
    # A set has no seat order of its own.
    if isinstance(stacks, (str, bytes, bytearray, dict, set, frozenset)):
        raise TypeError(f"stacks must be a sequence of ints, not {type(stacks).__name__}")
    try:
        values = list(stacks)
    except TypeError:
        raise TypeError(f"stacks must be a sequence of ints, not {type(stacks).__name__}") from None
    result = []
    for value in values:
        number = as_int(value)
        if number is None:
            raise TypeError(f"a stack must be an int, not {type(value).__name__}")
        result.append(number)
    if not MIN_PLAYERS <= len(result) <= MAX_PLAYERS:
        raise ValueError(f"a hand needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(result)}")
    for value in result:
        if not 1 <= value <= MAX_CHIPS:
            raise ValueError(f"every stack must be in 1..{MAX_CHIPS}, got {int_text(value)}")
    return result


def check_deck(deck: CardsLike) -> list[int]:
    """An explicit deck: all 52 cards, in dealing order."""
    if isinstance(deck, (set, frozenset)):
        # No order of its own to deal in (for strings it changes from run to run).
        raise TypeError(f"a deck must be in dealing order, not a set, got {type(deck).__name__}")
    cards = parse_cards(deck)
    if len(cards) != 52:
        raise InvalidCardError(f"a deck must have all 52 cards, got {len(cards)}")
    return cards
