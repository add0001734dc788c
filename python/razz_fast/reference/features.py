"""The fixed encoding of a seat's view for neural networks, in plain
Python: what ``Tables.features()`` gives a table's row and
``PlayerView.features()`` a view (layout in [bots](TABLES.md)). Below the
hand, the view and the tables, which all encode through it."""

from __future__ import annotations

from typing import Any

__all__ = ["FEATURES", "FEATURES_VERSION", "features_of"]

FEATURES_VERSION = 1
_SEATS = 8
_PER_SEAT = 5 + 13
_HEAD = 5 + 7 + 2 + 3 * 13
FEATURES = _HEAD + _SEATS * _PER_SEAT


def features_of(row: dict[str, Any], big_bet: int) -> list[float]:
    """The layout of [bots](TABLES.md): amounts in big bets, rank counts, seats
    counted clockwise from the actor; all zeros with no actor."""
    out = [0.0] * FEATURES
    actor = row["actor"]
    if actor < 0:
        return out
    if 3 <= row["street"] <= 7:
        out[row["street"] - 3] = 1.0
    for i, flag in enumerate(row["legal"]):
        out[5 + i] = float(flag)
    out[12] = row["to_call"] / big_bet
    out[13] = row["pot"] / big_bet
    own, own_down, community = 14, 27, 40
    for slot, card in enumerate(row["cards"][actor]):
        if card >= 0:
            out[own + card // 4] += 1.0
            if not 2 <= slot < 6:
                out[own_down + card // 4] += 1.0
    if row["community"] >= 0:
        out[own + row["community"] // 4] += 1.0
        out[community + row["community"] // 4] = 1.0
    players = len(row["stacks"])
    for r in range(players):
        seat = (actor + r) % players
        at = _HEAD + r * _PER_SEAT
        out[at] = 1.0
        out[at + 1] = float(not row["folded"][seat])
        out[at + 2] = float(row["all_in"][seat])
        out[at + 3] = row["stacks"][seat] / big_bet
        out[at + 4] = row["bets"][seat] / big_bet
        for card in row["cards"][seat][2:6]:
            if card >= 0:
                out[at + 5 + card // 4] += 1.0
    return out
