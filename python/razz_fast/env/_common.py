"""What the environments share: their spaces, the checks of their
arguments, and how a callable opponent's answer is read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable, Union, cast

import numpy as np
from gymnasium import spaces

import razz_fast as rf
from razz_fast._checks import checked_int, per_seat, rules_type
from razz_fast._core import MAX_CHIPS
from razz_fast.bots import Policy
from razz_fast.policy import BatchPolicy, checked_answer

#: What every environment observes: the features and the action mask.
Observation = dict[str, np.ndarray]


#: A ``Discrete(3)`` choice: 0 fold, 1 passive, 2 aggressive.
Choice = Union[int, np.integer]


#: An opponent: a built-in strategy's name, a ``Policy`` (both played in
#: the core), a ``batch_policy`` (it is given the rows where its seats are
#: to act and returns one action per row), or a per-decision function of
#: the opponent's ``PlayerView`` returning an ``Action``, as ``simulate``
#: takes them.
Opponent = Union[str, Policy, BatchPolicy, Callable[[Any], Any]]


def core_played(strategy: object) -> bool:
    """Whether the core plays ``strategy`` itself, with no call into
    Python: a built-in's name or a ``Policy``."""
    return isinstance(strategy, (str, Policy))


def observation_spaces() -> tuple[spaces.Dict, spaces.Discrete]:
    observation = spaces.Dict(
        {
            # Amounts are in big bets, so below the chip limit.
            "observation": spaces.Box(0.0, float(MAX_CHIPS), (rf.FEATURES,), np.float32),
            "action_mask": spaces.Box(0, 1, (3,), np.int8),
        }
    )
    return observation, spaces.Discrete(3)


def checked_rules(rules: rf.Rules | None) -> rf.Rules:
    if rules is None:
        return rf.Rules(ante=1, bring_in=2, small_bet=4, big_bet=8)
    if not isinstance(rules, rf.Rules):
        raise TypeError(f"rules must be a razz_fast.Rules or None, got {rules_type(rules)}")
    return rules


def checked_seats(players: Any, seat: Any) -> tuple[int, int]:
    """The players and the learner's seat, checked."""
    players = checked_int(players, "players", 2, 8)
    return players, checked_int(seat, "seat", 0, players - 1)


def checked_render_mode(mode: Any) -> str | None:
    """None or "ansi", the one mode the environments render in (text)."""
    if mode is not None and mode != "ansi":
        raise ValueError(f'render_mode must be None or "ansi", got {mode!r}')
    return None if mode is None else "ansi"


def checked_table(rules: rf.Rules, stacks: int, strategies: list[Any], threads: Any = None) -> None:
    """Raises now what a reset would, for bad rules, stacks, strategy names
    or threads: the core checks them as it seats one table."""
    rf.Tables(rules, [stacks] * len(strategies), 1, seed=0, threads=threads, strategies=strategies)


def checked_opponents(
    players: int, seat: int, opponents: Opponent | Sequence[Opponent]
) -> list[Opponent | None]:
    """One strategy per seat, None at the learner's ``seat``."""
    if core_played(opponents) or callable(opponents):
        others = [cast("Opponent", opponents)] * (players - 1)
    elif per_seat(opponents):
        # (per_seat narrows to "values in seat order"; their type is the argument's.)
        others = list(cast("Sequence[Opponent]", opponents))
    else:
        # As simulate and match refuse them: a set's order (a dict's keys
        # read as one) is not the caller's, and for strings changes with
        # PYTHONHASHSEED, so the seats would be shuffled from run to run.
        raise TypeError(
            "opponents must be a built-in strategy's name, a Policy, a callable, or a sequence"
            " of them"
            " in seat order (a list or tuple, not a set or dict),"
            f" got {type(opponents).__name__}"
        )
    if len(others) != players - 1:
        raise ValueError(f"opponents has {len(others)} entries for {players - 1} other seats")
    for other in others:
        if not (core_played(other) or callable(other)):
            raise TypeError(
                "each opponent must be a built-in strategy's name, a Policy or a callable (a"
                " function of"
                " a PlayerView, or one marked @razz_fast.batch_policy),"
                f" got {type(other).__name__}"
            )
    strategies: list[Opponent | None] = list(others)
    strategies.insert(seat, None)
    return strategies


def choices_of(choice: Any, shape: tuple[int, ...]) -> np.ndarray:
    """``choice`` as an array of ``shape`` (``()`` for one choice), else a
    ValueError rather than numpy broadcasting or indexing it."""
    array = np.asarray(choice)
    if array.shape != shape:
        wanted = "one choice 0, 1 or 2" + (f" per table, shape {shape}" if shape else "")
        raise ValueError(f"{wanted}, got an array of shape {array.shape}")
    return array


def choice_of(choice: Any) -> int:
    """One choice as an int 0, 1 or 2 (a numpy integer too), else the
    errors ``to_action`` raises: a TypeError for what is not an integer (a
    bool, a float), a ValueError for another integer or another shape."""
    array = choices_of(choice, ())
    if array.dtype.kind not in "iu":
        raise TypeError(f"choices must be integers 0, 1 or 2, got {choice!r} ({array.dtype})")
    value = int(array)
    if not 0 <= value <= 2:
        raise ValueError(f"a choice is 0, 1 or 2, got {value}")
    return value


def decision_of(strategy: Callable[[Any], Any], view: rf.PlayerView, seat: int) -> int:
    """A per-decision opponent's action where its ``seat`` is to act: it
    gets that seat's ``view``, as in ``simulate``, and its answer is checked
    as ``simulate`` checks it."""
    answer = strategy(view)
    return int(checked_answer(f"strategy of seat {seat}", answer, view.legal_actions()))


def policy_actions(policy: Any, batch: Any, rows: int) -> np.ndarray:
    """A batch policy's answer for ``rows`` decisions, checked as
    ``simulate`` checks it: one integer action per row."""
    result = np.asarray(policy(batch))
    if result.dtype.kind not in "iu" or result.shape != (rows,):
        raise TypeError(
            f"a batch policy's result: actions must be a 1-D integer array of length {rows},"
            f" got {result.dtype} of shape {result.shape}"
        )
    return result.astype(np.int64)
