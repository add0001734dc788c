"""Ace-to-five low evaluation in the pure-Python reference.

Written to be obviously right rather than fast:

* every five-card hand value is a *rank multiset* (suits never matter), and
  there are exactly 6,175 of them (five ranks from 13 with repetition, no rank
  more than four times);
* those multisets are sorted once by an explicit comparison key that spells
  out the rules (``_value_key``), and a hand's dense rank is its position in
  that list, counting from 1 (5-4-3-2-A) to 6175 (K-K-K-K-Q);
* a six- or seven-card hand is worth its best five-card subset.
"""

from __future__ import annotations

import functools
import itertools
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from razz_fast._cards import RANK_CHARS, CardsLike, card_to_str, not_cards, parse_cards
from razz_fast._checks import int_text
from razz_fast.errors import InvalidCardError, RazzError
from razz_fast.reference.arguments import as_int, check_threads

__all__ = ["NUM_RANKS", "rank", "rank_many", "best_five", "describe"]

#: Number of distinct five-card ace-to-five values.
NUM_RANKS = 6175

# Categories from best to worst; the key is the sorted group sizes.
_CATEGORY = {
    (1, 1, 1, 1, 1): 0,  # no pair
    (2, 1, 1, 1): 1,  # one pair
    (2, 2, 1): 2,  # two pair
    (3, 1, 1): 3,  # three of a kind
    (3, 2): 4,  # full house
    (4, 1): 5,  # four of a kind
}

_SINGULAR = [
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
]  # fmt: skip
_PLURAL = [
    "aces", "twos", "threes", "fours", "fives", "sixes", "sevens",
    "eights", "nines", "tens", "jacks", "queens", "kings",
]  # fmt: skip


def _grouped(ranks: Iterable[int]) -> list[int]:
    """The ranks of a hand ordered by group size (largest first), then by rank
    (highest first), each rank repeated as often as it occurs.

    ``(0, 2, 2, 5, 9) -> [2, 2, 9, 5, 0]`` (pair of threes, then T, 6, A).
    """
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (-counts[r], -r))
    return [r for r in order for _ in range(counts[r])]


def _value_key(ranks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Sort key of a five-card rank multiset: smaller is a better low.

    First the category (fewer pairs is better), then the grouped ranks in the
    order ``_grouped`` gives them: the paired ranks (higher pair, then lower
    pair; trips before the pair of a full house) and then the kickers from the
    highest down. Ranks compare with the ace lowest.
    """
    counts = Counter(ranks)
    category = _CATEGORY[tuple(sorted(counts.values(), reverse=True))]
    return (category, tuple(_grouped(ranks)))


@functools.cache
def _all_values() -> tuple[tuple[int, ...], ...]:
    """All 6,175 five-card rank multisets (ascending tuples), best first."""
    multisets = [
        combo
        for combo in itertools.combinations_with_replacement(range(13), 5)
        if max(Counter(combo).values()) <= 4
    ]
    multisets.sort(key=_value_key)
    assert len(multisets) == NUM_RANKS
    return tuple(multisets)


@functools.cache
def _rank_of_multiset() -> dict[tuple[int, ...], int]:
    """Dense rank (1 = best) of each five-card rank multiset (ascending tuple)."""
    return {multiset: position + 1 for position, multiset in enumerate(_all_values())}


def _best_multiset(cards: list[int]) -> tuple[int, tuple[int, ...]]:
    """(rank, ascending rank tuple) of the best five-card subset of ``cards``."""
    table = _rank_of_multiset()
    ranks = sorted(card // 4 for card in cards)
    # Subsets of a sorted list come out sorted, so they are table keys as they are.
    return min((table[subset], subset) for subset in itertools.combinations(ranks, 5))


def _check_count(cards: list[int], function: str) -> None:
    if not 5 <= len(cards) <= 7:
        raise InvalidCardError(f"{function} needs 5 to 7 cards, got {len(cards)}")


def rank(cards: CardsLike) -> int:
    """Dense ace-to-five rank of the best five of 5 to 7 cards: 1 = 5-4-3-2-A
    (best) ... 6175 = K-K-K-K-Q (worst)."""
    parsed = parse_cards(cards)
    _check_count(parsed, "rank")
    return _best_multiset(parsed)[0]


def _row_cards(row: Iterable[object], index: int, width: int | None) -> list[int]:
    """The card indices of row ``index`` of ``rank_many``'s input, checked in
    the order the core checks an array: element types, row length (5 to 7, and
    ``width`` if the rows before set one), then values and duplicates."""
    if isinstance(row, (str, bytes, bytearray, dict)):
        raise TypeError(f"row {index}: expected a sequence of ints, not {type(row).__name__}")
    try:
        elements = list(row)
    except TypeError:
        raise TypeError(
            f"row {index}: expected a sequence of ints, not {type(row).__name__}"
            " (rank_many needs a 2-D array of card indices)"
        ) from None
    cards = []
    for element in elements:
        if isinstance(element, bool):
            raise TypeError(f"row {index}: card indices must be ints, not bool")
        card = as_int(element)
        if card is None:
            raise TypeError(f"row {index}: card indices must be ints, not {type(element).__name__}")
        cards.append(card)
    if width is None and not 5 <= len(cards) <= 7:
        raise InvalidCardError(
            f"row {index}: rank_many needs 5 to 7 cards per hand, got {len(cards)}"
        )
    if width is not None and len(cards) != width:
        raise InvalidCardError(
            f"row {index}: expected {width} cards like the rows before, got {len(cards)}"
        )
    for card in cards:
        if not 0 <= card < 52:
            raise InvalidCardError(
                f"row {index}: card index {int_text(card)} is out of range 0..51"
            )
    seen = set()
    for card in cards:
        if card in seen:
            raise InvalidCardError(f"row {index}: duplicate card {card_to_str(card)}")
        seen.add(card)
    return cards


#: The ``struct`` codes of integers, as a memoryview's ``format`` gives them.
_INTEGER_FORMATS = frozenset("bBhHiIlLqQnN")


def _check_array_like(hands: object) -> None:
    """Checks an array-like argument by its ``shape`` and ``dtype`` attributes,
    when it has them (as a numpy array does), so that even an empty array is
    checked as the core checks it. Plain lists skip this."""
    shape = getattr(hands, "shape", None)
    if not isinstance(shape, tuple):
        return
    if len(shape) != 2:
        raise TypeError(f"hands must be a 2-D array of card indices, got {len(shape)}-D")
    dtype = getattr(hands, "dtype", None)
    kind = getattr(dtype, "kind", None)
    if kind is not None and kind not in "iu":
        raise TypeError(f"hands must be an integer array, got dtype {dtype}")
    if not 5 <= shape[1] <= 7:
        raise InvalidCardError(f"rank_many needs 5 to 7 cards per hand, got {shape[1]}")


def rank_many(hands: Iterable[Iterable[int]], *, threads: int | None = None) -> list[int]:
    """Ranks of many hands: ``hands`` is an iterable of rows of 5 to 7 card
    indices (all rows the same length), e.g. a list of lists or a 2-D integer
    array. Returns a list of ranks: the reference uses the standard library
    only, so where the core returns a ``uint16`` numpy array this returns
    its ``tolist()``. ``threads`` is checked as the core checks it; here
    every hand is ranked on the calling thread. A ``numpy.matrix`` is read
    as the 2-D array it holds.
    """
    check_threads(threads)
    if isinstance(hands, (str, bytes, bytearray, dict)):
        raise TypeError(f"hands must be a 2-D array of card indices, not {type(hands).__name__}")
    numpy = sys.modules.get("numpy")  # never imported here: a matrix means it is loaded
    if numpy is not None and isinstance(hands, numpy.matrix):
        # Its rows stay 2-D (1 × k matrices, never ints): read the 2-D
        # array it holds, as the core does.
        hands = hands.A
    _check_array_like(hands)
    source: Iterable[Any] = hands
    if isinstance(hands, memoryview):
        # An array's buffer (its shape is checked above): rows of its items.
        # Iterated, a 2-D one raises NotImplementedError.
        if hands.format.lstrip("@=<>!") not in _INTEGER_FORMATS:
            raise TypeError(f"hands must be an integer array, got format {hands.format!r}")
        source = hands.tolist()
    try:
        rows = iter(source)
    except TypeError:
        raise TypeError(
            f"hands must be a 2-D array of card indices, not {type(hands).__name__}"
        ) from None
    results = []
    width: int | None = None
    for index, row in enumerate(rows):
        cards = _row_cards(row, index, width)
        width = len(cards)
        results.append(_best_multiset(cards)[0])
    return results


def best_five(cards: CardsLike) -> list[int]:
    """The five cards that make the rank of 5 to 7 cards, highest index first.

    Among equal cards, the ones with the lowest suit index are taken.
    """
    parsed = parse_cards(cards)
    _check_count(parsed, "best_five")
    _, multiset = _best_multiset(parsed)
    chosen = []
    for r, count in Counter(multiset).items():
        same_rank = sorted(card for card in parsed if card // 4 == r)
        chosen.extend(same_rank[:count])
    return sorted(chosen, reverse=True)


def _describe_multiset(multiset: Sequence[int]) -> str:
    grouped = _grouped(multiset)
    text = "-".join(RANK_CHARS[r] for r in grouped)
    category = _value_key(multiset)[0]
    if category == 0:
        name = f"{_SINGULAR[grouped[0]]}-{_SINGULAR[grouped[1]]} low"
    elif category == 1:
        name = f"pair of {_PLURAL[grouped[0]]}"
    elif category == 2:
        name = f"two pair, {_PLURAL[grouped[0]]} and {_PLURAL[grouped[2]]}"
    elif category == 3:
        name = f"three {_PLURAL[grouped[0]]}"
    elif category == 4:
        name = f"{_PLURAL[grouped[0]]} full of {_PLURAL[grouped[3]]}"
    else:
        name = f"four {_PLURAL[grouped[0]]}"
    return f"{text} ({name})"


def describe(rank_or_cards: int | CardsLike) -> str:
    """Text of a hand value, e.g. ``"7-5-4-2-A (seven-five low)"`` or
    ``"K-K-4-3-2 (pair of kings)"``.

    An int (not a bool) is a rank 1..6175; anything else is 5 to 7 cards.
    """
    value = as_int(rank_or_cards)  # (None for a bool or a str)
    if value is not None:
        if not 1 <= value <= NUM_RANKS:
            raise RazzError(f"rank must be in 1..{NUM_RANKS}, got {int_text(value)}")
        return _describe_multiset(_all_values()[value - 1])
    if isinstance(rank_or_cards, int):  # a bool: no rank, and no cards either
        raise not_cards(rank_or_cards)
    parsed = parse_cards(rank_or_cards)
    _check_count(parsed, "describe")
    return _describe_multiset(_best_multiset(parsed)[1])
