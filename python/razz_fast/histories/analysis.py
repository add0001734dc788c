"""Equity street by street for a replayed hand: what each player still in
could expect at each point, from every card the history reveals."""

from __future__ import annotations

from dataclasses import dataclass

import razz_fast
from razz_fast import _core
from razz_fast._equity import checked_spot
from razz_fast.histories.replay import Replay
from razz_fast.results import EquityResult

__all__ = ["StreetEquity", "street_equities"]


@dataclass(frozen=True)
class StreetEquity:
    """The players in the hand when ``street`` was dealt, the cards known
    for each, the dead cards (seen cards of players already out), and their
    equity."""

    street: int
    """The street just dealt, 3 to 7."""
    players: list[str]
    """The players still in when it was dealt."""
    cards: list[list[str]]
    """The cards known for each of them (a card the site never showed is unknown)."""
    dead: list[str]
    """Seen cards of players already out."""
    result: EquityResult
    """Their equity from here: an ``EquityResult``."""


def street_equities(
    replayed: Replay, *, trials: int | None = None, seed: int = 0
) -> list[StreetEquity]:
    """Equity on every street from third to the last one dealt, for the
    players still in when it was dealt (known cards only: a card the site
    never showed is an unknown card to come). Exact where cheap, else
    sampled with ``seed``. Streets with fewer than two players, and a
    seventh street played with a community card, are left out."""
    if not isinstance(replayed, Replay):  # (a HandHistory must be replayed first)
        raise TypeError(f"replayed must be a Replay (from replay()), not {type(replayed).__name__}")
    history, names = replayed.history, replayed.names
    folded_on: dict[str, int] = {}
    for play in history.plays:
        if play.kind == "fold":
            folded_on.setdefault(play.player, play.street)
    last = max((play.street for play in history.plays), default=3)
    if len(replayed.hand.showdown_order) >= 2:
        last = 7
    rows = []
    for street in range(3, last + 1):
        if street == 7 and history.community:
            break
        players = [name for name in names if folded_on.get(name, 8) >= street]
        if len(players) < 2:
            break
        cards = [history.cards_seen(name, street) for name in players]
        dead = [
            card
            for name in names
            if name not in players
            for card in history.cards_seen(name, folded_on[name])
        ]
        known = [" ".join(hand) for hand in cards]
        # Exact where cheap: exact=None would sample whenever a seed is given.
        spot, _ = checked_spot(known, " ".join(dead), None, None, 0, None)
        exact, _ = _core.equity_units(spot.known, spot.dead, None, spot.trials)
        result = razz_fast.equity(known, " ".join(dead), exact=exact, trials=trials, seed=seed)
        rows.append(StreetEquity(street, players, cards, dead, result))
    return rows
