"""The built-in strategies of ``simulate`` ([built-in
strategies](SIMULATION.md#built-in-strategies)), written plainly
(``"check_call"`` and ``"tight"`` in ``razz_fast._builtins``, shared with
the OpenSpiel bots).

Each strategy is a function ``(hand, rng) -> Action``: ``hand`` is the
reference ``Hand`` waiting for its actor, ``rng`` the chunk's
``Xoshiro256PlusPlus`` (only ``"random"`` draws from it). A strategy looks only
at what the actor may see: its own cards, every player's up cards, the
community card and the betting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Literal, Union

from razz_fast._builtins import check_call, lows, tight
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

#: A built-in strategy: ``(hand, rng) -> Action``.
BuiltIn = Callable[["Hand", Xoshiro256PlusPlus], Action]
#: A user's strategy: a per-decision callable ``f(view) -> Action`` or a
#: ``batch_policy`` (``f(batch) -> actions``); its answer is checked.
UserStrategy = Callable[[Any], Any]
#: A seat's strategy, resolved: ``("builtin", function)`` or ``("python", callable)``.
Resolved = Union[tuple[Literal["builtin"], BuiltIn], tuple[Literal["python"], UserStrategy]]


def random_action(hand: Hand, rng: Xoshiro256PlusPlus) -> Action:
    """A legal action chosen uniformly with the chunk generator:
    ``legal[(next() * len(legal)) >> 64]``."""
    legal = hand.legal_actions()
    return legal[(rng.next() * len(legal)) >> 64]


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
