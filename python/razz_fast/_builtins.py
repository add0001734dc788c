"""The built-in strategies ``"check_call"`` and ``"tight"`` stated plainly
([built-in strategies](SIMULATION.md#built-in-strategies)): shared by the
reference, whose ``simulate`` plays them, and by ``razz_fast.openspiel``'s
bots. Each is a function ``(hand, rng) -> Action`` of anything that reads
as a hand waiting for its actor: a reference ``Hand`` or a ``PlayerView``
of the actor (core or reference). They look only at what the actor may
see: its own cards, every player's up cards, the community card and the
betting; neither draws from ``rng``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from razz_fast.events import Action

__all__ = ["check_call", "tight", "lows"]

#: Rank index of the eight: ranks ace (0) to eight (7) are "low cards".
_EIGHT = 7
#: Rank index of the seven.
_SEVEN = 6


def _rank(card: int) -> int:
    return card // 4


def lows(cards: Iterable[int]) -> int:
    """The number of distinct low ranks (ace to eight) among ``cards``."""
    return len({_rank(card) for card in cards if _rank(card) <= _EIGHT})


def _first_legal(hand: Any, preferences: tuple[Action, ...]) -> Action:
    """The first action of ``preferences`` that is legal now."""
    legal = hand.legal_actions()
    for action in preferences:
        if action in legal:
            return action
    raise AssertionError(f"none of {preferences} is legal (legal: {legal})")  # pragma: no cover


def check_call(hand: Any, rng: object) -> Action:
    """``BRING_IN`` if legal (never completes), else ``CHECK`` if legal, else
    ``CALL``. Never folds or raises."""
    return _first_legal(hand, (Action.BRING_IN, Action.CHECK, Action.CALL))


def _shows_strong_board(up_cards: Sequence[int], at_least: int) -> bool:
    """An unpaired board of low cards only (every up card at most an eight,
    no two of the same rank), with at least ``at_least`` up cards."""
    ranks = [_rank(card) for card in up_cards]
    return (
        len(ranks) >= at_least and all(r <= _EIGHT for r in ranks) and len(set(ranks)) == len(ranks)
    )


def tight(hand: Any, rng: object) -> Action:
    """Plays good three-card lows, bets made lows, gives up on hands that are
    dead or drawing behind a better-looking board (SIMULATION.md's tables)."""
    seat = hand.actor
    assert seat is not None, "a strategy is asked only while a seat is to act"
    preferences: tuple[Action, ...]
    mine = hand.down_cards(seat) + hand.up_cards(seat) + hand.community_cards
    low_count = lows(mine)
    left = 7 - len(mine)

    if hand.street == 3:
        premium = low_count == 3 and all(_rank(card) <= _SEVEN for card in mine)
        playable = low_count == 3
        if Action.BRING_IN in hand.legal_actions():
            if premium:
                preferences = (Action.COMPLETE, Action.BRING_IN)
            else:
                preferences = (Action.BRING_IN,)
        elif premium:
            preferences = (Action.RAISE, Action.COMPLETE, Action.CALL, Action.CHECK)
        elif playable:
            preferences = (Action.CALL, Action.CHECK)
        else:
            preferences = (Action.CHECK, Action.FOLD)
        return _first_legal(hand, preferences)

    made = low_count >= 5
    dead = 5 - low_count > left
    folded = hand.folded
    behind = not made and any(
        _shows_strong_board(hand.up_cards(other), low_count)
        for other in range(hand.num_players)
        if other != seat and not folded[other]
    )
    if made:
        low_ranks = sorted({_rank(card) for card in mine if _rank(card) <= _EIGHT})
        if low_ranks[4] <= _SEVEN:
            preferences = (Action.RAISE, Action.BET, Action.CALL, Action.CHECK)
        else:
            preferences = (Action.BET, Action.CALL, Action.CHECK)
    elif dead or behind:
        preferences = (Action.CHECK, Action.FOLD)
    else:
        preferences = (Action.CHECK, Action.CALL)
    return _first_legal(hand, preferences)
