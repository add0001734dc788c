"""Pickling for the core's immutable value types, so that they travel to
Dask workers (``razz_fast.distributed``) and to ``multiprocessing``. The
compiled classes cannot pickle themselves; copyreg supplies a reducer that
rebuilds each from its public fields."""

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
    "uncapped_heads_up",
    "burn_cards",
    "odd_chip",
)


def _rules(fields: dict[str, Any]) -> _core.Rules:
    return _core.Rules(**fields)


def _reduce_rules(rules: _core.Rules) -> tuple[Any, tuple[dict[str, Any]]]:
    return _rules, ({name: getattr(rules, name) for name in RULES_FIELDS},)


copyreg.pickle(_core.Rules, _reduce_rules)
