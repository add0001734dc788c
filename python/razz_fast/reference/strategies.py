"""The built-in strategies of ``simulate`` ([built-in
strategies](SIMULATION.md#built-in-strategies)), written plainly.

Each strategy is a function ``(hand, rng) -> Action``: ``hand`` is the
reference ``Hand`` waiting for its actor, ``rng`` the chunk's
``Xoshiro256PlusPlus`` (only ``"random"`` draws from it). A strategy looks only
at what the actor may see: its own cards, every player's up cards, the
community card and the betting.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Callable, Literal, Union

from razz_fast.events import Action
from razz_fast.reference.arguments import per_seat
from razz_fast.reference.generator import Xoshiro256PlusPlus
from razz_fast.reference.policy import SHIPPED, is_policy, policy_strategy, shipped

if TYPE_CHECKING:  # (the hand's module needs no strategy)
    from razz_fast.reference.hand import Hand

__all__ = [
    "BUILT_IN",
    "check_call",
    "random_action",
    "tight",
    "lows",
    "resolve_strategies",
]

#: Rank index of the eight: ranks ace (0) to eight (7) are "low cards".
_EIGHT = 7
#: Rank index of the seven.
_SEVEN = 6

#: A built-in strategy: ``(hand, rng) -> Action``.
BuiltIn = Callable[["Hand", Xoshiro256PlusPlus], Action]
#: A user's strategy: a per-decision callable ``f(view) -> Action`` or a
#: ``batch_policy`` (``f(batch) -> actions``); its answer is checked.
UserStrategy = Callable[[Any], Any]
#: A seat's strategy, resolved: ``("builtin", function)`` or ``("python", callable)``.
Resolved = Union[tuple[Literal["builtin"], BuiltIn], tuple[Literal["python"], UserStrategy]]


def _rank(card: int) -> int:
    return card // 4


def lows(cards: Iterable[int]) -> int:
    """The number of distinct low ranks (ace to eight) among ``cards``."""
    return len({_rank(card) for card in cards if _rank(card) <= _EIGHT})


def _first_legal(hand: Hand, preferences: tuple[Action, ...]) -> Action:
    """The first action of ``preferences`` that is legal now."""
    legal = hand.legal_actions()
    for action in preferences:
        if action in legal:
            return action
    raise AssertionError(f"none of {preferences} is legal (legal: {legal})")  # pragma: no cover


def check_call(hand: Hand, rng: Xoshiro256PlusPlus) -> Action:
    """``BRING_IN`` if legal (never completes), else ``CHECK`` if legal, else
    ``CALL``. Never folds or raises."""
    return _first_legal(hand, (Action.BRING_IN, Action.CHECK, Action.CALL))


def random_action(hand: Hand, rng: Xoshiro256PlusPlus) -> Action:
    """A legal action chosen uniformly with the chunk generator:
    ``legal[(next() * len(legal)) >> 64]``."""
    legal = hand.legal_actions()
    return legal[(rng.next() * len(legal)) >> 64]


def _shows_strong_board(up_cards: Sequence[int], at_least: int) -> bool:
    """An unpaired board of low cards only (every up card at most an eight,
    no two of the same rank), with at least ``at_least`` up cards."""
    ranks = [_rank(card) for card in up_cards]
    return (
        len(ranks) >= at_least and all(r <= _EIGHT for r in ranks) and len(set(ranks)) == len(ranks)
    )


def tight(hand: Hand, rng: Xoshiro256PlusPlus) -> Action:
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


#: The built-in strategies by name.
BUILT_IN: dict[str, BuiltIn] = {
    "check_call": check_call,
    "random": random_action,
    "tight": tight,
}


def _resolve_one(strategy: object, where: str, players: int) -> Resolved:
    """``("builtin", function)`` for a built-in name or a policy,
    ``("python", callable)`` for a user callable."""
    if is_policy(strategy):
        return ("builtin", policy_strategy(strategy, players))
    if isinstance(strategy, str) and strategy in SHIPPED:
        return ("builtin", policy_strategy(shipped(strategy), players))
    if isinstance(strategy, str):
        if strategy not in BUILT_IN:
            names = ", ".join(repr(name) for name in (*BUILT_IN, *SHIPPED))
            raise ValueError(f"{where}: unknown strategy {strategy!r} (built in: {names})")
        return ("builtin", BUILT_IN[strategy])
    if callable(strategy):
        return ("python", strategy)
    raise TypeError(
        f"{where}: a strategy must be a built-in name or a callable f(view) -> Action,"
        f" not {type(strategy).__name__}"
    )


def resolve_strategies(strategies: object, players: int) -> list[Resolved]:
    """One ``(kind, function)`` per seat from ``simulate``'s ``strategies``
    argument: a built-in name or a callable for every seat, or a sequence
    of them (see ``per_seat``), one per seat. An unknown name is a
    ``ValueError``, a list of the wrong length a ``ValueError``, anything
    else a ``TypeError``."""
    if per_seat(strategies):
        if len(strategies) != players:
            raise ValueError(
                f"strategies has {len(strategies)} entries but there are {players} players"
            )
        return [
            _resolve_one(s, f"strategies[{seat}]", players) for seat, s in enumerate(strategies)
        ]
    return [_resolve_one(strategies, "strategies", players)] * players
