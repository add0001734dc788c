"""Pots and their awards at the end of a hand ([the hand engine](ENGINE.md#7-pots-showdown-awards)):
the main pot and the side pots from what each seat put in, and each pot
split among the best lows eligible for it, odd chips by the rule's order.
"""

from __future__ import annotations

from collections.abc import Sequence

from razz_fast.events import Pot
from razz_fast.reference.evaluation import best_five, rank

__all__ = ["side_pots", "odd_chip_order", "award_pots"]


def side_pots(
    contributed: Sequence[int], folded: Sequence[bool]
) -> list[tuple[int, tuple[int, ...]]]:
    """(amount, eligible seats) of the main pot and the side pots, given the
    chips each seat put in this hand and whether it folded."""
    seats = range(len(contributed))
    levels = sorted({c for c in contributed if c > 0})
    pots: list[tuple[int, tuple[int, ...]]] = []
    pending = 0  # chips of levels with nobody eligible and no pot below
    previous = 0
    for level in levels:
        amount = (level - previous) * sum(1 for c in contributed if c >= level)
        eligible = tuple(seat for seat in seats if not folded[seat] and contributed[seat] >= level)
        previous = level
        if not eligible:
            if pots:
                pots[-1] = (pots[-1][0] + amount, pots[-1][1])
            else:
                pending += amount
        elif pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        else:
            pots.append((amount + pending, eligible))
            pending = 0
    return pots


def odd_chip_order(
    rule: str, winners: tuple[int, ...], own: Sequence[list[int]], community: list[int]
) -> list[int]:
    """The tied winners in the order they get odd chips under ``rule`` (the
    ``odd_chip`` setting), given each seat's own cards. A shared community
    card never decides."""
    if rule == "seat" or len(winners) == 1:
        return list(winners)
    if rule == "low_card":
        return sorted(winners, key=lambda seat: min(own[seat]))

    # "high_card": the highest own card among the ranks of the best five.
    def highest(seat: int) -> int:
        ranks = {card // 4 for card in best_five(own[seat] + community)}
        return max(c for c in own[seat] if c // 4 in ranks)

    return sorted(winners, key=highest, reverse=True)


def award_pots(
    pots: list[tuple[int, tuple[int, ...]]],
    in_hand: list[int],
    own: Sequence[list[int]],
    community: list[int],
    odd_chip: str,
) -> list[tuple[Pot, dict[int, int]]]:
    """Each pot with its winners, and the chips each winner gets from it (in
    the winners' order): the whole pot to the one seat left in the hand, or
    split among the eligible seats with the best low, the odd chips one each
    in ``odd_chip_order``."""
    ranks = {seat: rank(own[seat] + community) for seat in in_hand} if len(in_hand) >= 2 else {}
    awarded = []
    for amount, eligible in pots:
        if len(in_hand) == 1:
            winners = tuple(in_hand)
        else:
            best = min(ranks[seat] for seat in eligible)
            winners = tuple(seat for seat in eligible if ranks[seat] == best)
        share, odd = divmod(amount, len(winners))
        won = dict.fromkeys(winners, share)
        for seat in odd_chip_order(odd_chip, winners, own, community)[:odd]:
            won[seat] += 1
        awarded.append((Pot(amount, eligible, winners), won))
    return awarded
