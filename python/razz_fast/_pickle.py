"""Pickling for the core's types, so that they travel to Dask workers
(``razz_fast.distributed``) and to ``multiprocessing``. Every class reduces
itself (``__reduce__``) to a rebuilding function here: ``Rules`` to its
public fields, a ``Hand`` to its rules, starting stacks, seed or deck and
actions, which ``_hand`` replays, a ``PlayerView`` to a hand dealt from
the view alone and the seat."""

from __future__ import annotations

from typing import Any

from razz_fast import _core


def _rules(fields: dict[str, Any]) -> _core.Rules:
    return _core.Rules(**fields)


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


def _view(hand: _core.Hand, seat: int) -> _core.PlayerView:
    return hand.view(seat)
