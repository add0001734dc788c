"""Showing lows: who opens the betting from fourth street on ([the hand
engine](ENGINE.md#5-betting)).

One to four up cards compare like a razz hand with fewer cards: fewer pairs
is better (unpaired, one pair, two pair, trips, quads), then the ranks
grouped by count (largest group first, then highest rank first), ace low.
7-6 beats J-3, J-3 beats 3-3. Suits never matter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

__all__ = ["showing_key", "bring_in_seat", "opener_seat"]


def showing_key(up_cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Sort key of some up cards: smaller is a better showing low. Keys of
    hands with the same number of cards compare as the rule says."""
    counts = Counter(card // 4 for card in up_cards)
    order = sorted(counts, key=lambda r: (-counts[r], -r))
    grouped = tuple(r for r in order for _ in range(counts[r]))
    largest = max(counts.values(), default=0)
    if largest == 4:
        category = 4
    elif largest == 3:
        category = 3
    else:
        category = sum(1 for count in counts.values() if count == 2)
    return (category, grouped)


def bring_in_seat(up_cards_by_seat: Sequence[Sequence[int]]) -> int:
    """The seat whose (single) up card has the highest card index: king is
    highest, ace lowest, ties in rank by suit (spades > hearts > diamonds >
    clubs)."""
    return max(range(len(up_cards_by_seat)), key=lambda seat: up_cards_by_seat[seat][0])


def opener_seat(
    up_cards_by_seat: Sequence[Sequence[int]], in_hand: Sequence[bool], *, by_suit: bool = False
) -> int:
    """The seat in the hand with the best showing low; ties go to the lowest
    seat, or with ``by_suit`` to the board holding the highest up card (by
    card index: by suit among equal ranks)."""
    seats = [seat for seat in range(len(up_cards_by_seat)) if in_hand[seat]]
    if by_suit:
        return min(
            seats,
            key=lambda seat: (showing_key(up_cards_by_seat[seat]), -max(up_cards_by_seat[seat])),
        )
    return min(seats, key=lambda seat: (showing_key(up_cards_by_seat[seat]), seat))
