"""``equity`` in the pure-Python reference: the public entry, which sends a
spot with a ``Range`` to ``range_equity`` and any other to the card
enumeration and sampling of ``_equity`` (both build on ``_equity``'s
spot, so the entry sits above them)."""

from __future__ import annotations

from collections.abc import Sequence

from razz_fast._cards import CardsLike
from razz_fast.ranges import Range
from razz_fast.reference._equity import card_equity
from razz_fast.reference.range_equity import range_equity
from razz_fast.results import EquityResult

__all__ = ["equity"]


def equity(
    hands: Sequence[CardsLike | Range],
    dead: CardsLike = (),
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
) -> EquityResult:
    """Each player's expected share of the pot, outright-win and tie chances,
    given the cards known for each player (0 to 7) and the ``dead`` cards.

    ``exact=True`` enumerates every deal; ``exact=False`` samples ``trials``
    deals (default 1,000,000) from ``seed``; ``exact=None`` samples when
    ``trials`` or ``seed`` is given, else enumerates when the spot is small
    (decided from an estimate before any enumeration, as in the core).
    ``threads`` and ``progress`` are accepted and ignored here: they never
    change a result. An entry of ``hands`` may be a ``razz_fast.Range``
    (brute force over the hidden cards that pass its filter:
    ``reference.range_equity``).
    """
    if isinstance(hands, (list, tuple)) and any(isinstance(h, Range) for h in hands):
        return range_equity(hands, dead, exact, trials, seed, threads, progress)
    return card_equity(hands, dead, exact, trials, seed, threads, progress)
