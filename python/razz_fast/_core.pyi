"""Type stubs of the compiled core (razz_fast._core)."""

__all__ = [
    "__version__",
    "parse_cards",
    "format_cards",
    "rank",
    "rank_many",
    "best_five",
    "describe",
]

from collections.abc import Iterable, Sequence
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

__version__: str

_CardsLike: TypeAlias = str | Iterable[str | int]

def parse_cards(cards: _CardsLike) -> list[int]:
    """Card indices (4 × rank + suit) of a string such as "As 2d 3c" or
    "As2d3c", or of a sequence of card strings or ints 0..51."""

def format_cards(cards: _CardsLike) -> str:
    """The cards as text, e.g. "As 2d 3c"."""

def rank(cards: _CardsLike) -> int:
    """Dense ace-to-five rank of 5 to 7 cards: 1 = 5-4-3-2-A (best) … 6175 =
    K-K-K-K-Q (worst)."""

def rank_many(
    hands: npt.ArrayLike | Sequence[Sequence[int]], *, threads: int | None = None
) -> npt.NDArray[np.uint16]:
    """Ranks of an (N, k) integer array of card indices, k in 5..7, as an (N,)
    uint16 array. A C-contiguous uint8 array is read in place; the work runs
    without the GIL, on `threads` threads (default: one per core) for large N."""

def best_five(cards: _CardsLike) -> list[int]:
    """The five cards that make the rank, highest card index first."""

def describe(rank_or_cards: int | _CardsLike) -> str:
    """ "7-5-4-2-A (seven-five low)" for a rank 1..6175 or for 5 to 7 cards."""
