"""Pickling for the core's types, so that they travel to Dask workers
(``razz_fast.distributed``) and to ``multiprocessing``. ``Rules`` is rebuilt
from its public fields (copyreg supplies the reducer); a ``Hand`` reduces
itself to its rules, starting stacks, seed or deck and actions, and
``_hand`` replays them."""

from __future__ import annotations

import copyreg
from typing import Any

from razz_fast import _core

RULES_FIELDS = (
    "ante",
    "bring_in",
    "small_bet",
    "big_bet",
    "cap",
    "heads_up",
    "reopen",
    "short_bring_in",
    "ante_all_in",
    "opener_ties",
    "burn_cards",
    "showdown",
    "odd_chip",
)


def _rules(fields: dict[str, Any]) -> _core.Rules:
    return _core.Rules(**fields)


def _reduce_rules(rules: _core.Rules) -> tuple[Any, tuple[dict[str, Any]]]:
    return _rules, ({name: getattr(rules, name) for name in RULES_FIELDS},)


copyreg.pickle(_core.Rules, _reduce_rules)


def _hand(
    rules: _core.Rules,
    stacks: list[int],
    seed: int | None,
    deck: bytes | None,
    actions: bytes,
) -> _core.Hand:
    hand = _core.Hand(rules, stacks, seed=seed, deck=None if deck is None else list(deck))
    for action in actions:
        hand.act(action)
    return hand
