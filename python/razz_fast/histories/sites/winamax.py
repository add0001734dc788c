"""Winamax razz histories.

Winamax writes ``NAME verb`` lines without a colon, amounts with the
currency after them (``25€``), raises as ``raises X to Y`` (``Y`` the round
total) and stakes as ``(ante/small bet/big bet)``. It logs no uncalled bet:
the winner's ``collected`` sum includes it, and the summary's total pot is
what was collected, after rake.
"""

from __future__ import annotations

import re

from razz_fast.histories.model import HandHistory
from razz_fast.histories.sites._text import (
    AMOUNT,
    finish,
    is_razz_header,
    new_hand,
    on_dealt,
    on_payout,
    on_play,
    on_shows,
    on_summary_seat,
    on_total,
    read_header,
    run_lines,
    seat_line,
    sections,
)

SITE = "Winamax"
# Winamax deals online razz as PokerStars does: no burns, and its logs never
# show a fifth wager on a round (docs/RULES.md)
PRESET = "pokerstars"
HEADER = re.compile(r"^Winamax Poker - .*HandId: #([\d-]+)")
_AMT = r"(?P<amount>" + AMOUNT + ")"
_STAKES = re.compile(
    r"\((?P<ante>" + AMOUNT + ")/(?P<small>" + AMOUNT + ")/(?P<big>" + AMOUNT + r")\)"
)
_ALL_IN = r"(?P<allin> and is all-in)?"


def is_razz(header: str) -> bool:
    return is_razz_header(header, r" - Razz ")


#: No Winamax razz showdown with a description has been seen, so its
#: wording is unknown and descriptions are kept but not compared.
describe = None


def _verb(regex: str) -> re.Pattern[str]:
    return re.compile(r"^(?P<name>.+?) " + regex + "$")


PATTERNS = [
    (re.compile(r"^Seat (?P<number>\d+): (?P<name>.+?) \(" + _AMT + r"(?:, [^()]*)?\)$"),
     seat_line),
    (re.compile(r"^Seat (?P<number>\d+): (?P<rest>.+)$"), on_summary_seat),
    (_verb(r"posts ante " + _AMT + _ALL_IN), on_play("ante")),
    (_verb(r"brings in " + _AMT + _ALL_IN), on_play("bring_in")),
    (_verb(r"completes " + AMOUNT + " to " + _AMT + _ALL_IN), on_play("complete", total=True)),
    (_verb(r"raises (?P<by>" + AMOUNT + ") to " + _AMT + _ALL_IN), on_play("raise", total=True)),
    (_verb(r"bets " + _AMT + _ALL_IN), on_play("bet")),
    (_verb(r"calls " + _AMT + _ALL_IN), on_play("call")),
    (_verb(r"checks"), on_play("check")),
    (_verb(r"folds"), on_play("fold")),
    (re.compile(r"^Dealt to (?P<rest>.+)$"), on_dealt()),
    (_verb(r"shows (?P<cards>\[[^\]]*\])(?: \((?P<desc>.*)\))?"), on_shows),
    (_verb(r"collected " + _AMT + r" from (?P<pot>(?:main |side )?pot(?: \d+)?)"),
     on_payout("collect")),
    (re.compile(r"^Total pot " + _AMT + r"(?: \| (?:Rake (?P<rake>" + AMOUNT + ")|No rake))?$"),
     on_total),
]  # fmt: skip

NOISE = [
    re.compile(r"^Table: '.*'.*$"),
    re.compile(r"^.+? (?:mucks|doesn't show|is sitting out|sits out|is disconnected)$"),
]


def parse(lines: list[str], first_line: int, source: str | None) -> HandHistory:
    b = new_hand(
        SITE,
        HEADER,
        lines,
        first_line,
        source,
        "Tournament" in lines[0],
        collect_includes_return=True,
        total_pot_after_rake=True,
    )
    b.raise_over_bring_in = False  # "raises 25€ to 25€" over a 10€ bring-in
    read_header(b, _STAKES, r"^Table: '(.*?)'")
    run_lines(b, PATTERNS, NOISE, sections(("ANTE/BLINDS", "SHOW DOWN", "SHOWDOWN")))
    b.require_rake()
    return finish(b)
