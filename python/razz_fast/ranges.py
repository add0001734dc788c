"""``Range``: an opponent seen only by its up cards, whose hidden cards are
known to pass a filter over their ranks ([against a range](EQUITY.md#against-a-range)).

A value type shared by the compiled core's ``equity`` and the reference's
(like ``razz_fast.results``): it holds the up cards and the filter, and says
which hidden rank multisets pass; each ``equity`` counts the deals itself.
Suits never matter for a razz hand's rank, so a filter sees ranks only."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

from razz_fast._cards import format_cards, parse_cards
from razz_fast._checks import checked_int, is_bool

__all__ = ["Range", "RANGE_CHOICE_LIMIT", "admitted_ranks"]

_RANKS = "A23456789TJQK"


class Range:
    """An opponent given as its up cards and a filter on its ``hidden``
    cards (the down cards it holds now: 2 until seventh street, 3 on it),
    an entry of ``equity``'s ``hands`` in place of a card list.

    ``max_rank`` ("8", "T", …, ace low) keeps the hands whose hidden cards
    are all that rank or lower; ``where`` is a predicate over the hidden
    ranks, a tuple of ints lowest first (0 = ace … 12 = king), that returns
    a bool. Both may be given (a hand must pass both); with neither, the
    hidden cards are any unseen cards. Every choice of unseen cards that
    passes is equally likely, e.g.
    ``Range("4h 5s 6d", max_rank="8")`` (both down cards eight or lower) or
    ``Range("4h 5s 6d", where=lambda r: len(set(r)) == 2)`` (unpaired)."""

    __slots__ = ("_hidden", "_max_rank", "_up", "_where")

    def __init__(
        self,
        up: Any = (),
        *,
        hidden: int = 2,
        max_rank: str | None = None,
        where: Callable[[tuple[int, ...]], bool] | None = None,
    ) -> None:
        self._up = tuple(parse_cards(up))
        self._hidden = checked_int(hidden, "hidden", 1, 7)
        if len(self._up) + self._hidden > 7:
            raise ValueError(
                f"a player holds at most 7 cards: {len(self._up)} up and {self._hidden} hidden"
            )
        if max_rank is not None:
            if not isinstance(max_rank, str):
                raise TypeError(
                    f"max_rank must be a rank such as '8', got {type(max_rank).__name__}"
                )
            if max_rank.upper() not in _RANKS or len(max_rank) != 1:
                raise ValueError(f"max_rank must be one of {', '.join(_RANKS)}, got {max_rank!r}")
        self._max_rank = None if max_rank is None else _RANKS.index(max_rank.upper())
        if where is not None and not callable(where):
            raise TypeError(f"where must be a callable or None, got {type(where).__name__}")
        self._where = where

    @property
    def up(self) -> list[int]:
        """The up cards (card indices)."""
        return list(self._up)

    @property
    def hidden(self) -> int:
        """How many hidden cards the player holds."""
        return self._hidden

    @property
    def max_rank(self) -> str | None:
        """The highest rank a hidden card may have, or None."""
        return None if self._max_rank is None else _RANKS[self._max_rank]

    @property
    def where(self) -> Callable[[tuple[int, ...]], bool] | None:
        """The predicate over the hidden ranks, or None."""
        return self._where

    def admits(self, ranks: tuple[int, ...]) -> bool:
        """Whether hidden cards of these ranks (``hidden`` ints 0..12, in any
        order) pass the filter. A ``where`` that returns anything but a bool
        raises TypeError; an exception it raises goes through."""
        ranks = tuple(sorted(ranks))
        if self._max_rank is not None and ranks and ranks[-1] > self._max_rank:
            return False
        if self._where is None:
            return True
        verdict = self._where(ranks)
        if not is_bool(verdict):
            raise TypeError(
                f"a Range's where must return a bool, got {type(verdict).__name__}"
                f" for hidden ranks {ranks}"
            )
        return bool(verdict)

    def __repr__(self) -> str:
        parts = [repr(format_cards(list(self._up))), f"hidden={self._hidden}"]
        if self._max_rank is not None:
            parts.append(f"max_rank={self.max_rank!r}")
        if self._where is not None:
            parts.append(f"where={getattr(self._where, '__name__', 'predicate')}")
        return f"Range({', '.join(parts)})"


#: At most this many choices of hidden rank multisets, the product over the
#: ``Range`` seats of each one's passing multisets: every choice is listed
#: (with its weight, or as cards in the reference) before any counting, and
#: four unfiltered ``Range``s (91**4, 69 million choices) took tens of GB.
#: Three (91**3) take seconds.
RANGE_CHOICE_LIMIT = 1_000_000


def admitted_ranks(ranges: dict[int, Range], counts: list[int]) -> list[list[tuple[int, ...]]]:
    """Per ``Range`` seat, in seat order, the rank multisets of its hidden
    cards that the unseen cards (``counts[r]`` of rank ``r``) can make and
    its filter admits, for the core's ``equity`` and the reference's alike.
    ValueError for a seat none passes, or for more than
    ``RANGE_CHOICE_LIMIT`` choices together (before any is listed)."""
    seats = sorted(ranges)
    admitted = []
    for seat in seats:
        player = ranges[seat]
        passing = [
            ranks
            for ranks in itertools.combinations_with_replacement(range(13), player.hidden)
            if all(ranks.count(r) <= counts[r] for r in set(ranks)) and player.admits(ranks)
        ]
        if not passing:
            raise ValueError(f"no unseen hidden cards of hands[{seat}] pass its Range's filter")
        admitted.append(passing)
    together = math.prod(len(passing) for passing in admitted)
    if together > RANGE_CHOICE_LIMIT:
        raise ValueError(
            f"the Ranges of hands{seats} allow {together:,} choices of hidden ranks together,"
            f" more than {RANGE_CHOICE_LIMIT:,}: give them filters (max_rank, where) or use"
            " fewer Ranges"
        )
    return admitted
