"""Hand histories known not to replay because the log itself is wrong, so
that ``razz-fast replay`` can name them as such instead of leaving a reader
to suspect the engine. Each entry is keyed by (site, hand id) and holds the
line where the replay stops and why the log, not the engine, is at fault
([hands the sites logged
inconsistently](HISTORIES.md#hands-the-sites-logged-inconsistently))."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["KnownBad", "KNOWN_BAD", "known_bad"]


class KnownBad(NamedTuple):
    """A log known to be wrong: the line where a replay stops, and why."""

    line: int
    """The 1-based line of the file where a replay stops."""
    why: str
    """Why the log, not the engine, is at fault."""


KNOWN_BAD: dict[tuple[str, str], KnownBad] = {
    ("KingsClub", "3537921"): KnownBad(
        31,
        "KingsClub logs a raise to 625 over a short all-in of 225 (bring-in 125, "
        "small bet 500); no limit rule gives 625: a completion makes 500, a full "
        "raise 725",
    ),
    ("PokerStars", "35874566077"): KnownBad(
        33,
        "a hand-written test fixture reusing a real hand number: its own lines put "
        "$0.50 in the pot, yet it says $0.74 was collected",
    ),
}
"""Every known-bad log, keyed by (site, hand id)."""


def known_bad(site: str, hand_id: str, line: int | None) -> KnownBad | None:
    """The entry for a replay of ``site``'s hand ``hand_id`` that stopped at
    ``line``, or None when that is not a known-bad log (another line of a
    known hand is a new mismatch)."""
    entry = KNOWN_BAD.get((site, hand_id))
    return entry if entry is not None and entry.line == line else None
